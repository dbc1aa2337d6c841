//===- test/model/NativeReferenceTest.cpp - Runs relative to native -------===//
//
// A machine whose speed drifts by up to 30 % between runs, and a simulator
// 1.3x the native variant: the traces' times are the designed times times
// both. With a native run of the reference configuration beside each
// simulator run (as `varsim run --native-build` records it), the model
// predicts every configuration's native time; without, it is off by the
// drift and the slowdown, and the drift hides the features' effects.
// Also: the statistical noise threshold (model/Noise.h) against simulated
// normal noise.
//
//===----------------------------------------------------------------------===//

#include "model/ModelFile.h"
#include "model/Noise.h"
#include "test/model/DriftingVm.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <random>

using namespace varsim;
using namespace varsim::model;
using namespace varsim::model::test;
using namespace varsim::model::test::vm;

namespace {

/// The simulator's slowdown: run-time feature tests no marker sees.
constexpr double Slowdown = 1.3;

/// The native variant's time, ms: main's own 2 ms; 20 functions of 10 ms,
/// to each of which A adds 0.6 ms (spread: no context carries it alone)
/// and from each of which B saves 0.4 ms; a region under C of 30 ms.
double designedMs(bool A, bool B, bool C) {
  return 2 + Functions * (10 + (A ? 0.6 : 0) - (B ? 0.4 : 0)) + (C ? 30 : 0);
}

/// A simulator run of (A, B, C) on a machine that runs Speed times slower
/// than nominal, and the native reference (the first configuration,
/// nothing selected) measured beside it on the same machine.
callgraph::CallTrace run(bool A, bool B, bool C, double Speed, std::string Path,
                         bool WithNative) {
  callgraph::CallTrace Out =
      vmTrace(A, B, C, 10 + (A ? 0.6 : 0) - (B ? 0.4 : 0),
              Slowdown * Speed * Ms, std::move(Path));
  if (WithNative) {
    // The native runs just before and after: the one after was slowed
    // by a little other work (the faster one measures the machine).
    double Native = designedMs(false, false, false) * Ms * Speed;
    Out.Native = callgraph::NativeReferenceTimes{"", Native, Native * 1.04};
  }
  return Out;
}

/// The pair-wise plan of three features, three rounds; the machine's speed
/// changes from run to run by up to 30 % (DriftSpeeds).
std::vector<callgraph::CallTrace> drifting(bool WithNative) {
  return pairwiseRounds(
      [&](bool A, bool B, bool C, size_t I, std::string Path) {
        return run(A, B, C, DriftSpeeds[I], std::move(Path), WithNative);
      });
}

Built build(std::vector<callgraph::CallTrace> Traces) {
  return buildCalibrated(std::move(Traces));
}

/// The mean absolute percentage error over all eight configurations
/// against the native times at the machine's median speed.
double mape(const PerformanceModel &M) {
  return errorsOverAll(M, designedMs).first;
}

TEST(NativeReference, RemovesTheDriftAndCalibratesToNativeTime) {
  Built B = build(drifting(true));
  ASSERT_TRUE(B.Native.Applied) << B.Native.Note;
  EXPECT_EQ(B.Native.Config, "");
  EXPECT_NEAR(B.Native.Ratio, Slowdown, 1e-9);
  EXPECT_NEAR(B.Native.NativeSeconds,
              designedMs(false, false, false) * 1e-3 * MedianSpeed, 1e-9);
  ASSERT_EQ(B.Native.Runs.size(), 12u);
  // A slow run's times are scaled down, a fast one's up.
  EXPECT_LT(B.Native.Runs[1].Factor, B.Native.Runs[2].Factor);
  // Every configuration's native time, within 0.1 %: the spread features
  // A and B come from the totals, which are now free of drift.
  EXPECT_LT(mape(B.M), 0.1);
  std::map<std::string, double> T = termsOf(B.M);
  EXPECT_NEAR(T["A"], Functions * 0.6e-3 * MedianSpeed, 1e-4);
  EXPECT_NEAR(T["B"], -Functions * 0.4e-3 * MedianSpeed, 1e-4);
  EXPECT_NEAR(T["C"], 30e-3 * MedianSpeed, 1e-4);
}

TEST(NativeReference, WithoutItTheModelIsOffByTheDriftAndTheSlowdown) {
  Built B = build(drifting(false));
  EXPECT_FALSE(B.Native.Applied);
  EXPECT_TRUE(B.Native.Note.empty());
  // Off by the slowdown and the drift: and the drift, as repetition
  // noise, hides A's and B's effects (no term from the totals).
  EXPECT_GT(mape(B.M), 20.0);
  EXPECT_FALSE(B.M.RunTotals.Fitted);
}

TEST(NativeReference, PartialOrMixedReferencesAreNotUsed) {
  std::vector<callgraph::CallTrace> Traces = drifting(true);
  Traces[3].Native.reset();
  std::vector<callgraph::CallTrace> Before = Traces;
  NativeCalibration N = calibrateToNative(Traces);
  EXPECT_FALSE(N.Applied);
  EXPECT_NE(N.Note.find("1 of 12 runs"), std::string::npos) << N.Note;
  // The traces are left alone.
  EXPECT_EQ(Traces[0].Threads[0].Nodes[0].InclusiveNs,
            Before[0].Threads[0].Nodes[0].InclusiveNs);

  Traces = drifting(true);
  Traces[5].Native->Config = "A";
  N = calibrateToNative(Traces);
  EXPECT_FALSE(N.Applied);
  EXPECT_NE(N.Note.find("different configurations"), std::string::npos);
}

TEST(NativeReference, WithoutARunOfTheReferenceOnlyTheDriftIsRemoved) {
  std::vector<callgraph::CallTrace> Traces = drifting(true);
  for (callgraph::CallTrace &T : Traces)
    T.Native->Config = "A,B,C"; // No run has all three.
  NativeCalibration N = calibrateToNative(Traces);
  ASSERT_TRUE(N.Applied);
  EXPECT_NE(N.Note.find("level stays the simulator's"), std::string::npos);
  EXPECT_EQ(N.Ratio, 1);
  // The runs of one configuration now agree.
  for (size_t R = 0; R < 4; ++R)
    EXPECT_NEAR(correctedTotalNs(Traces[R]), correctedTotalNs(Traces[R + 4]),
                1e-6 * correctedTotalNs(Traces[R]));
}

TEST(NativeReference, ASpeedChangeDuringTheRunsIsWarnedOf) {
  // The drifting machine's reference runs spread 0.8-1.3: warned of, with
  // the two runs and the median level named.
  std::vector<callgraph::CallTrace> Traces = drifting(true);
  NativeCalibration N = calibrateToNative(Traces);
  ASSERT_TRUE(N.Applied);
  std::optional<std::string> W = speedChangeWarning(N);
  ASSERT_TRUE(W.has_value());
  EXPECT_NE(W->find("speed changed"), std::string::npos) << *W;
  EXPECT_NE(W->find("beside run-1.rep-3.json"), std::string::npos)
      << *W; // The fastest runs, at speed 0.8.
  EXPECT_NE(W->find("% apart"), std::string::npos) << *W;

  // Within SpeedChangeRatio (here 1.0-1.2): noise, no warning.
  std::vector<callgraph::CallTrace> Steady;
  for (int K = 0; K < 4; ++K)
    Steady.push_back(run(K & 1, K & 2, false, 1.0 + 0.05 * K,
                         "run-" + std::to_string(K + 1) + ".json", true));
  N = calibrateToNative(Steady);
  ASSERT_TRUE(N.Applied);
  EXPECT_FALSE(speedChangeWarning(N).has_value());
}

TEST(NativeReference, ASlowdownOutsideTheCommonRangeIsWarnedOf) {
  // Slowdown 1.3 at the reference: one ratio for every run, no warning.
  std::vector<callgraph::CallTrace> Traces = drifting(true);
  NativeCalibration N = calibrateToNative(Traces);
  ASSERT_TRUE(N.Applied);
  EXPECT_FALSE(slowdownWarning(N).has_value());

  // The native reference slower than the simulator (0.62x): the levelling
  // assumed what the pugixml runs contradicted; warned of, with the ratio
  // and the way out.
  for (double Native : {1.3 / 0.62, 1.3 / 2.0}) {
    Traces = drifting(true);
    for (callgraph::CallTrace &T : Traces) {
      T.Native->BeforeNs *= Native;
      T.Native->AfterNs *= Native;
    }
    N = calibrateToNative(Traces);
    ASSERT_TRUE(N.Applied);
    std::optional<std::string> W = slowdownWarning(N);
    ASSERT_TRUE(W.has_value()) << N.Ratio;
    EXPECT_NE(W->find(llvm::formatv("{0:F2}x", N.Ratio).str()),
              std::string::npos)
        << *W;
    EXPECT_NE(W->find("--native-variants"), std::string::npos) << *W;
    EXPECT_NE(W->find(Native > 1 ? "faster than" : "this large"),
              std::string::npos)
        << *W;

    // With each run's own variant there is no common ratio to doubt.
    Traces = drifting(true);
    for (callgraph::CallTrace &T : Traces) {
      T.Native->BeforeNs *= Native;
      T.Native->AfterNs *= Native;
      T.Native->VariantNs = T.Native->BeforeNs;
    }
    N = calibrateToNative(Traces);
    ASSERT_TRUE(N.Variants);
    EXPECT_FALSE(slowdownWarning(N).has_value());
  }
}

TEST(NativeReference, ForkChildrenAndGrandchildrenTakeTheRunsFactor) {
  // Two runs, each with a fork child that forks again: every descendant
  // of a run is scaled by its run's factor, a grandchild too (its parent
  // is a fork child, not a run).
  std::vector<callgraph::CallTrace> Traces;
  for (int K = 0; K < 2; ++K) {
    callgraph::CallTrace Run = run(K, false, false, 1.0 + 0.3 * K,
                                   "run-" + std::to_string(K + 1) + ".json",
                                   /*WithNative=*/true);
    Run.Pid = 100 + K;
    callgraph::CallTrace Child =
        run(K, false, false, 1.0 + 0.3 * K, "child.json", /*WithNative=*/false);
    Child.ForkChild = true;
    Child.Pid = 200 + K;
    Child.ParentPid = Run.Pid;
    callgraph::CallTrace Grandchild = Child;
    Grandchild.Pid = 300 + K;
    Grandchild.ParentPid = Child.Pid;
    Traces.push_back(std::move(Grandchild)); // Before its parent: any order.
    Traces.push_back(std::move(Run));
    Traces.push_back(std::move(Child));
  }
  std::vector<double> Before;
  for (const callgraph::CallTrace &T : Traces)
    Before.push_back(T.Threads.front().Nodes.front().InclusiveNs);
  NativeCalibration C = calibrateToNative(Traces);
  ASSERT_TRUE(C.Applied) << C.Note;
  ASSERT_EQ(C.Runs.size(), 2u);
  for (size_t I = 0; I < Traces.size(); ++I) {
    int K = static_cast<int>(Traces[I].Pid % 100);
    ASSERT_GT(Before[I], 0);
    EXPECT_NEAR(Traces[I].Threads.front().Nodes.front().InclusiveNs,
                Before[I] * C.Runs[K].Factor, 1e-6 * Before[I])
        << "pid " << Traces[I].Pid;
  }
  EXPECT_NE(C.Runs[0].Factor, C.Runs[1].Factor);
}

TEST(NativeReference, ModelJsonRecordsTheReference) {
  Built B = build(drifting(true));
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  writeModelJson(B.M, OS);
  EXPECT_NE(Text.find("\"native_reference\": {"), std::string::npos);
  EXPECT_NE(Text.find("\"applied\": true"), std::string::npos);
  EXPECT_NE(Text.find("\"ratio\": 1.3"), std::string::npos);
  EXPECT_NE(Text.find("\"factor\":"), std::string::npos);
}

// The noise threshold against simulated normal noise: n = 3 repetitions
// of sigma 1 per configuration, the median taken.
TEST(Noise, ThresholdsMatchSimulatedNoise) {
  std::mt19937 Rng(7);
  std::normal_distribution<double> Normal(0, 1);
  constexpr unsigned N = 3;
  constexpr int Trials = 20000;
  double SigmaSum = 0;
  std::vector<double> Medians;
  for (int I = 0; I < Trials; ++I) {
    double X[N];
    for (double &V : X)
      V = Normal(Rng);
    std::sort(X, X + N);
    SigmaSum += sigmaFromRange(X[N - 1] - X[0], N);
    Medians.push_back(X[N / 2]);
  }
  // The range estimates sigma without bias.
  EXPECT_NEAR(SigmaSum / Trials, 1.0, 0.02);
  // The median's standard error is no smaller than stated (conservative
  // for n = 3: 0.67 measured, 0.72 stated).
  double Var = 0;
  for (double M : Medians)
    Var += M * M;
  double SE = std::sqrt(Var / Trials);
  double Stated = medianStandardError(1.0, N);
  EXPECT_GT(Stated, SE);
  EXPECT_LT(Stated, SE * 1.15);
  // Pure noise: a feature's effect (two medians' difference) passes the
  // threshold in under 5 % of the trials; an interaction of two features
  // (four medians' contrast) too, against its own threshold.
  int Main = 0, Pair = 0;
  for (int I = 0; I + 3 < Trials; I += 4) {
    double Effect = Medians[I] - Medians[I + 1];
    double Contrast =
        Medians[I] - Medians[I + 1] - Medians[I + 2] + Medians[I + 3];
    Main += std::abs(Effect) > termNoise(Stated, 1);
    Pair += std::abs(Contrast) > termNoise(Stated, 2);
  }
  EXPECT_LT(Main, Trials / 4 / 20);
  EXPECT_LT(Pair, Trials / 4 / 20);
  // A real effect of 4 standard errors passes.
  EXPECT_GT(4 * Stated, termNoise(Stated, 1));
  // From repetitions' ranges: the median configuration's sigma.
  std::optional<double> Pooled =
      aggregateStandardError({{1.693, 3}, {100.0, 3}, {1.693, 3}});
  ASSERT_TRUE(Pooled);
  EXPECT_NEAR(*Pooled, medianStandardError(1.0, 3), 1e-3);
  EXPECT_FALSE(aggregateStandardError({{5.0, 1}}));
}

} // namespace
