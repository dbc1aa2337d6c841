#include <cstdio>

#ifdef WIDE_FILL
static int wideSum() {
#define FILL4(c) {c, c, c, c}
  static const int rows[2][4] = {FILL4(1), FILL4(2)};
#undef FILL4
  int s = 0;
  for (auto &r : rows)
    for (int v : r)
      s += v;
  return s;
}
#endif

int main() {
  int total = 3;
#if defined(FILL4)
  total += 100; // the helper leaked out of its table
#endif
#ifdef WIDE_FILL
  total += wideSum();
#endif
  std::printf("total %d\n", total);
  return total % 5;
}

/* `#if defined(FILL4)` after the pair reads 0 in every configuration (the
   #undef ends the helper before it): the derived-macro resolver settles
   the test (docs/rewriter.md), the simulator writes `#if 0`, and the pair
   is kept as it is. Refused before session 10 (the #if was taken for an
   observer of the pair). */
