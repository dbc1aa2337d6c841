#include "kernels.hpp"

#include "matrix.hpp"

#include <cmath>
#include <memory>

namespace mk {

namespace {

template <typename T, std::size_t N>
RunResult runKernel(int rounds, T seed) {
  auto a = std::make_unique<Matrix<T, N>>();
  auto b = std::make_unique<Matrix<T, N>>();
  auto c = std::make_unique<Matrix<T, N>>();
  RunResult r;
  a->fill(seed);
  b->fill(seed + 1);
  for (int i = 0; i < rounds; ++i) {
    multiply(*a, *b, *c);
    r.multiplies++;
    std::swap(a, c);
    if constexpr (std::is_floating_point_v<T>) {
      T scale = static_cast<T>(1) / (std::abs(a->trace()) + static_cast<T>(1));
      for (std::size_t x = 0; x < N; ++x)
        a->at(x, x) *= scale;
    } else {
      for (std::size_t x = 0; x < N; ++x)
        a->at(x, x) %= static_cast<T>(1000003);
    }
  }
  r.checksum = static_cast<std::int64_t>(a->trace() * static_cast<T>(1000));
#ifdef MAT_STATS
  r.accesses = a->accesses + c->accesses;
#endif
  return r;
}

} // namespace

RunResult runIntKernel(int rounds) {
  return runKernel<std::int64_t, 40>(rounds, 3);
}

RunResult runDoubleKernel(int rounds) {
  RunResult r = runKernel<double, 24>(rounds, 2.0);
#ifdef MAT_CHECKED
  try {
    Matrix<double, 4> small;
    small.at(4, 0) = 1.0;
    r.note = "no exception";
  } catch (const std::out_of_range &e) {
    r.note = e.what();
  }
#endif
  return r;
}

} // namespace mk
