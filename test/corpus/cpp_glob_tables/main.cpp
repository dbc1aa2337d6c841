// File-scope tables and constants chosen per feature in a C++ program: a
// table of std::string/handler pairs with #ifdef'd rows, a namespaced
// constant per feature used by `if constexpr`, a per-feature bound used as
// a template argument and in a static_assert at namespace scope.
#include <array>
#include <cstdio>
#include <string>
#include <utility>

namespace app {
namespace limits {
#ifdef BURST
inline constexpr int kBatch = 8;
#define RING 16
#else
inline constexpr int kBatch = 2;
#define RING 4
#endif
} // namespace limits

static std::array<int, RING> ring{};
static_assert(RING % 4 == 0, "ring size is a multiple of four");

using Handler = int (*)(int);
static int twice(int x) { return 2 * x; }
static int negate(int x) { return -x; }
#ifdef EXTRA
static int cube(int x) { return x * x * x; }
#endif

static const std::pair<std::string, Handler> handlers[] = {
    {"twice", twice},
#ifdef EXTRA
    {"cube", cube},
#endif
    {"negate", negate},
};

int run(int seed) {
  int acc = seed;
  for (const auto &h : handlers) {
    acc = h.second(acc) % 1000;
    std::printf("%s -> %d\n", h.first.c_str(), acc);
  }
  return acc;
}

void stash(int i) { ring[static_cast<std::size_t>(i) % ring.size()] += i; }

int fill() {
  int n = 0;
  for (int i = 0; i < limits::kBatch; ++i) {
    stash(i);
    ++n;
  }
  if constexpr (limits::kBatch > 4)
    std::printf("burst of %d\n", n);
  else
    std::printf("trickle of %d\n", n);
  return n;
}
} // namespace app

int main() {
  int r = app::run(3);
  int n = app::fill() + app::fill();
  int sum = 0;
  for (int v : app::ring)
    sum += v;
  std::printf("ring %zu sum %d n %d\n", app::ring.size(), sum, n);
  return (r + sum + n) & 0x7f;
}
