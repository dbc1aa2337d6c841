//===- callgraph/Noise.h - How large a term must be to be no noise -*- C++
//-*-===//
//
// `varsim run --repeat` runs each configuration n times; the model takes
// the median of a context's (or a run's) times over them and keeps the
// range R as the measure of run-to-run noise. A term is estimated from
// such aggregates: a feature's effect is the difference of two of them, an
// interaction of k features a signed sum of 2^k (the Moebius inversion's
// contrast). Each aggregate has a standard error SE, so the estimate of a
// term of order k has a standard error of SE * sqrt(2^k) when it is
// estimated from the fewest aggregates; a term within Z = 2 of those
// (about 95 % of pure noise) is not told from noise. A fit over more runs
// estimates a term more precisely: model/LocalFit.cpp takes its standard
// error in the runs' design, SE * sqrt((X'X)^-1 kk).
//
// sigma comes from the ranges: R / d2(n) estimates the standard deviation
// of n normal repetitions (d2: the expected range of n standard normal
// samples); pooled over configurations by their median, so that one
// configuration's preempted repetition does not make every difference
// noise. The median of n repetitions has a standard error of
// 1.2533 sigma / sqrt(n) for n >= 3 (the mean's for n <= 2).
//
// In callgraph/ (not model/) because the call graph's data-flow suspects
// use the same rule as the model's terms; model/Noise.h names it there.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_CALLGRAPH_NOISE_H
#define VARSIM_CALLGRAPH_NOISE_H

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <utility>

namespace varsim::callgraph {

/// Standard errors of a term's estimate that pure noise stays within.
inline constexpr double NoiseZ = 2.0;

/// sigma estimated from the range of N repetitions (N >= 2).
double sigmaFromRange(double Range, unsigned N);

/// The standard error of the median of N repetitions of standard
/// deviation Sigma.
double medianStandardError(double Sigma, unsigned N);

/// The standard error of one aggregate (a configuration's median) from the
/// (range, repetitions) of the configurations repeated (N >= 2): their
/// median sigma, at their median number of repetitions. nullopt when none
/// was repeated.
std::optional<double>
aggregateStandardError(llvm::ArrayRef<std::pair<double, unsigned>> Ranges);

/// The size a term of Order features (0: the level) must exceed, its
/// aggregates having standard error SE: NoiseZ * SE * sqrt(2^Order), with
/// Order 0 taken as one aggregate.
double termNoise(double SE, unsigned Order);

} // namespace varsim::callgraph

#endif // VARSIM_CALLGRAPH_NOISE_H
