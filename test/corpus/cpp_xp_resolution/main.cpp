// Declarations under features that do not change what any name outside
// them resolves to: an overload and a member only called under their
// feature, a function per feature with one signature (a feature switch),
// locals declared alike per feature (hoisted), and a non-scalar local that
// shadows a global under a feature (its function is copied).
#include <cstdio>
#include <string>

static int limit = 4;

static void put(int v) { std::printf("int %d\n", v); }
#ifdef WIDE
static void put(const char *s) { std::printf("str %s\n", s); }
#endif

struct Shape {
  int sides = 3;
  int area() const { return sides * 2; }
#ifdef WIDE
  int perimeter() const { return sides * 5; }
#endif
};

#ifdef FAST
static int step(int x) { return x + 2; }
#else
static int step(int x) { return x + 1; }
#endif

static int run(int n) {
#ifdef FAST
  int scale = 3;
#else
  int scale = 1;
#endif
#ifdef WIDE
  std::string limit = "wide";
  std::printf("label %s\n", limit.c_str());
#endif
  Shape s;
  int total = 0;
  for (int i = 0; i < n; ++i)
    total += step(i) * scale + s.area();
  put(total);
#ifdef WIDE
  put("wide");
  put(s.perimeter());
#endif
  return total + (sizeof(limit) > sizeof(int) ? 1 : 0);
}

int main() {
  int sum = 0;
  for (int r = 0; r < 200; ++r)
    sum += run(3) % 5;
  std::printf("sum %d limit %d\n", sum, limit);
  return sum % 9;
}
