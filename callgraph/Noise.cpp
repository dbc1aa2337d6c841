//===- callgraph/Noise.cpp - How large a term must be to be no noise -----===//

#include "callgraph/Noise.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace varsim::callgraph {

double sigmaFromRange(double Range, unsigned N) {
  // d2(n) for n = 2..10 (the expected range of n standard normal samples).
  static constexpr double D2[] = {1.128, 1.693, 2.059, 2.326, 2.534,
                                  2.704, 2.847, 2.970, 3.078};
  if (N < 2)
    return 0;
  // Beyond 10, within 2 % up to 100 (d2(20) = 3.735, d2(100) = 5.015).
  double D = N <= 10 ? D2[N - 2] : 3.078 + 0.87 * std::log(N / 10.0);
  return Range / D;
}

double medianStandardError(double Sigma, unsigned N) {
  if (N == 0)
    return Sigma;
  double Efficiency = N >= 3 ? 1.2533 : 1.0;
  return Efficiency * Sigma / std::sqrt(static_cast<double>(N));
}

std::optional<double>
aggregateStandardError(llvm::ArrayRef<std::pair<double, unsigned>> Ranges) {
  std::vector<double> Sigmas;
  std::vector<unsigned> Counts;
  for (const auto &[Range, N] : Ranges)
    if (N >= 2) {
      Sigmas.push_back(sigmaFromRange(Range, N));
      Counts.push_back(N);
    }
  if (Sigmas.empty())
    return std::nullopt;
  auto Median = [](auto V) {
    std::sort(V.begin(), V.end());
    size_t M = V.size();
    return M % 2 ? double(V[M / 2]) : (double(V[M / 2 - 1]) + V[M / 2]) / 2;
  };
  double Sigma = Median(Sigmas);
  unsigned N = static_cast<unsigned>(std::lround(Median(Counts)));
  return medianStandardError(Sigma, std::max(2u, N));
}

double termNoise(double SE, unsigned Order) {
  return NoiseZ * SE * std::sqrt(std::ldexp(1.0, static_cast<int>(Order)));
}

} // namespace varsim::callgraph
