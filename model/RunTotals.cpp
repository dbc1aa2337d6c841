//===- model/RunTotals.cpp - Terms that reproduce the runs' totals --------===//

#include "model/RunTotals.h"

#include <map>

#include "model/LocalModel.h"
#include "model/Noise.h"
#include "model/PerformanceModel.h"

#include "condition/Condition.h"

#include "llvm/ADT/SmallVector.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace varsim::model {

llvm::StringMap<int64_t> configValues(llvm::StringRef Config) {
  llvm::StringMap<int64_t> Values;
  llvm::SmallVector<llvm::StringRef> Items;
  Config.split(Items, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Item : Items) {
    auto [Name, Value] = Item.trim().split('=');
    int64_t V = 1;
    if (Item.contains('=') && Value.trim().getAsInteger(0, V))
      V = 0;
    Values[Name.trim()] = V;
  }
  return Values;
}

namespace {

/// Each run's total to fit: the native variants' when every run has one,
/// else the simulator's (overhead corrected).
std::vector<MeasuredTotal> measuredTotals(const PerformanceModel &M,
                                          const RunTotalsOptions &Options,
                                          bool &Native) {
  std::vector<MeasuredTotal> Totals;
  Native = false;
  if (Options.NativeTotalOf) {
    for (const RunSummary &R : M.Runs)
      if (std::optional<MeasuredTotal> T = Options.NativeTotalOf(R.Config))
        Totals.push_back(*T);
    Native = Totals.size() == M.Runs.size();
    if (Native)
      return Totals;
    Totals.clear();
  }
  for (const RunSummary &R : M.Runs)
    Totals.push_back({R.Seconds, R.RangeSeconds, R.Repetitions});
  return Totals;
}

/// The standard error of one run's total, from the repetitions.
std::optional<double>
totalsStandardError(const std::vector<MeasuredTotal> &Totals) {
  std::vector<std::pair<double, unsigned>> Ranges;
  for (const MeasuredTotal &T : Totals)
    if (T.Repetitions > 1)
      Ranges.emplace_back(T.RangeSeconds, T.Repetitions);
  return aggregateStandardError(Ranges);
}

} // namespace

RunTotalsSummary reconcileRunTotals(PerformanceModel &M,
                                    callgraph::AtomTable &Atoms,
                                    const RunTotalsOptions &Options) {
  RunTotalsSummary Out;
  if (M.Runs.size() < 2)
    return Out;
  std::vector<llvm::StringMap<int64_t>> Values;
  for (const RunSummary &R : M.Runs)
    Values.push_back(configValues(R.Config));
  // The features whose values differ between the runs: nothing else can
  // explain a difference between their totals. A feature needs two values
  // seen in two runs each: a value seen in one run only is that run's
  // residual, drift between runs minutes apart included, which the
  // repetitions' noise bar does not hold (RapidJSON: two options off in
  // the reference run only took its +0.094 s as terms, 5.2 % levelled
  // against 2.0 % without).
  std::vector<size_t> Varying;
  for (size_t F = 0; F < M.Features.size(); ++F) {
    const std::string &Name = M.Features[F].Name;
    std::map<int64_t, unsigned> Runs;
    for (const llvm::StringMap<int64_t> &V : Values)
      ++Runs[V.lookup(Name)];
    unsigned Replicated = 0;
    for (const auto &[Value, N] : Runs)
      Replicated += N >= 2;
    if (Replicated >= 2) {
      Varying.push_back(F);
      Out.Features.push_back(Name);
    }
  }
  if (Varying.empty())
    return Out;

  std::vector<MeasuredTotal> Totals =
      measuredTotals(M, Options, Out.NativeTotals);
  std::vector<Observation> Points;
  for (size_t R = 0; R < M.Runs.size(); ++R) {
    const llvm::StringMap<int64_t> &V = Values[R];
    double Before = M.predict([&](llvm::StringRef F) { return V.lookup(F); });
    Out.Before.push_back(Before);
    Observation P;
    for (size_t F : Varying)
      P.Values.push_back(V.lookup(M.Features[F].Name));
    P.Seconds = Totals[R].Seconds - Before;
    Out.Measured.push_back(Totals[R].Seconds);
    Points.push_back(std::move(P));
  }
  llvm::SmallVector<bool, 8> ByValue;
  for (size_t F : Varying)
    ByValue.push_back(M.Features[F].Numeric);
  FitOptions Fit;
  std::optional<double> SE = totalsStandardError(Totals);
  Out.NoiseMeasured = SE.has_value();
  Out.StandardErrorSeconds = SE.value_or(0);
  auto NoiseOf = [&](size_t Order) {
    return std::max(
        Options.NoiseAbsoluteSeconds,
        termNoise(Out.StandardErrorSeconds, static_cast<unsigned>(Order)));
  };
  Out.NoiseSeconds = NoiseOf(1);
  Fit.NoiseSeconds = Out.NoiseSeconds;
  Fit.NoisePerOrder = std::sqrt(2.0);
  Fit.NoiseMeasured = Out.NoiseMeasured;
  Fit.StandardErrorSeconds = Out.StandardErrorSeconds;
  Fit.StandardErrorFreedom = static_cast<unsigned>(llvm::count_if(
      Totals, [](const MeasuredTotal &T) { return T.Repetitions > 1; }));
  Fit.FloorSeconds = Options.NoiseAbsoluteSeconds;
  std::vector<LocalTerm> Fitted = fitLocalModel(Points, ByValue, Fit);

  for (const LocalTerm &L : Fitted) {
    // A residual within the noise of its estimate is no term (the fit
    // keeps the mean shift whatever its size).
    double Noise = Out.NoiseMeasured
                       ? std::max(Options.NoiseAbsoluteSeconds, L.NoiseSeconds)
                       : NoiseOf(L.Assignment.size());
    if (std::abs(L.Seconds) <= Noise)
      continue;
    Term T;
    for (const condition::CondPtr &C : localTermConditions(L, [&](unsigned F) {
           const ModelFeature &Feature = M.Features[Varying[F]];
           return std::pair<std::string, bool>(Feature.Name, Feature.Numeric);
         }))
      for (callgraph::AtomId A : Atoms.atomsOf(C))
        T.Atoms.push_back(Atoms[A]);
    T.Seconds = L.Seconds;
    T.FromRunTotals = true;
    Out.Terms.emplace_back(T.name(), T.Seconds);
    std::set<std::string> Key = T.atomTexts();
    auto Same =
        std::find_if(M.Terms.begin(), M.Terms.end(),
                     [&](const Term &E) { return E.atomTexts() == Key; });
    if (Same != M.Terms.end()) {
      Same->Seconds += T.Seconds;
      Same->FromRunTotals = true;
    } else {
      if (Options.SourcesOf)
        T.Sources = Options.SourcesOf(T);
      M.Terms.push_back(std::move(T));
    }
  }
  Out.Fitted = !Out.Terms.empty();
  sortLargestFirst(M.Terms);
  return Out;
}

std::vector<std::string> missedRunTotals(const PerformanceModel &M,
                                         size_t MaxWarnings) {
  std::vector<std::string> Out;
  if (M.Runs.size() < 2)
    return Out;
  bool Native =
      M.RunTotals.NativeTotals && M.RunTotals.Measured.size() == M.Runs.size();
  std::vector<std::pair<double, unsigned>> Ranges;
  for (const RunSummary &R : M.Runs)
    if (R.Repetitions > 1)
      Ranges.emplace_back(R.RangeSeconds, R.Repetitions);
  // The native variants' totals have no ranges here; the simulator's
  // repetitions measure the machine's noise all the same.
  std::optional<double> SE = aggregateStandardError(Ranges);
  std::vector<std::pair<double, std::string>> Missed;
  for (size_t R = 0; R < M.Runs.size(); ++R) {
    const RunSummary &Run = M.Runs[R];
    double Measured = Native ? M.RunTotals.Measured[R] : Run.Seconds;
    if (Measured <= 0)
      continue;
    llvm::StringMap<int64_t> Values = configValues(Run.Config);
    double Predicted =
        M.predict([&](llvm::StringRef F) { return Values.lookup(F); });
    double Miss = std::abs(Predicted - Measured);
    double Bar = SE ? std::max(0.02 * Measured, 4 * *SE) : 0.10 * Measured;
    if (Miss <= Bar)
      continue;
    Missed.emplace_back(
        Miss / Measured,
        fmt::format(
            "the model predicts {:.3f} s for run {} (CONFIG '{}'), whose "
            "measured {}total is {:.3f} s ({:.1f} % off, beyond {}): a "
            "difference between the runs was averaged away (the contexts "
            "that carry it varied too much between repetitions to be told "
            "from noise, or a feature's value ran in one configuration "
            "only); run on a quieter machine, with more repetitions "
            "(--repeat), or plan more configurations",
            Predicted, R + 1, Run.Config, Native ? "native variant's " : "",
            Measured, 100 * Miss / Measured,
            SE ? fmt::format("the repetitions' noise of {:.3f} s", 4 * *SE)
               : std::string("10 % without repetitions")));
  }
  std::sort(Missed.begin(), Missed.end(),
            [](const auto &A, const auto &B) { return A.first > B.first; });
  for (size_t K = 0; K < Missed.size() && K < MaxWarnings; ++K)
    Out.push_back(std::move(Missed[K].second));
  if (Missed.size() > MaxWarnings)
    Out.push_back(fmt::format("{} more run(s) the model misses likewise",
                              Missed.size() - MaxWarnings));
  return Out;
}

} // namespace varsim::model
