// A particle step whose number type depends on a feature.
#include <cstdint>
#include <cstdio>

#ifdef DOUBLE_PRECISION
using real = double;
#else
using real = float;
#endif

#ifdef BIG_INDEX
using index_t = std::int64_t;
#else
using index_t = std::int8_t;
#endif

[[maybe_unused]] static const char *describe(float) { return "float"; }
[[maybe_unused]] static const char *describe(double) { return "double"; }

struct Particle {
  real x, v;
};

int main() {
  Particle p{0, 1};
  const real dt = static_cast<real>(0.1);
  index_t steps = 0;
  for (int i = 0; i < 200; ++i) {
    p.v -= static_cast<real>(9.81) * dt;
    p.x += p.v * dt;
    steps = static_cast<index_t>(steps + 1);
  }
  std::printf("%s x=%.9g steps=%lld size=%zu\n", describe(p.x), static_cast<double>(p.x),
              static_cast<long long>(steps), sizeof(Particle));
  return static_cast<int>(steps) & 0xff;
}
