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

/* The refusal, pinned (run_corpus.py checks these lines with FileCheck):
   FILL4 is tested by #if, so the pair in the branch is not kept as a
   scratch pair (rewrite/MacroMerging.cpp, scratchPair), and the message
   says why.
// REFUSAL: {{^.*}}/main.cpp:7:1: error: #undef inside a conditional on feature
WIDE_FILL is not supported
// REFUSAL-SAME: a helper macro defined and undefined in one branch is kept as
it is only if no #if tests it, and 'FILL4' is tested at main.cpp:18
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
*/
