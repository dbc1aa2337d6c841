//===- test/model/NativeVariantsTest.cpp - Fitted to native variants ------===//
//
// A feature whose cost the simulator cannot time: assertions compiled into
// every function cost a native variant 1.2 ms each, while the simulator,
// whose base already carries every assertion and its flag test, sees 0.2
// ms of them (Lua's LUAI_ASSERT: +11 % native, +2 % simulated). With the
// native variant of each planned configuration run beside its simulator
// run (`varsim run --native-variants`), the model's last terms are fitted
// to those native totals (model/RunTotals.h) and it predicts every
// configuration's native time; with the reference only, it keeps the
// simulator's view of the feature.
//
//===----------------------------------------------------------------------===//

#include "model/NativeReference.h"
#include "model/RunObservations.h"
#include "test/callgraph/TraceBuilder.h"
#include "test/model/ModelTestUtil.h"

#include <cmath>

using namespace varsim;
using namespace varsim::model;
using namespace varsim::model::test;
using varsim::callgraph::RegionKind;
using varsim::callgraph::test::TraceBuilder;

namespace {

constexpr double Ms = 1e6;
constexpr int Functions = 20;
constexpr double Slowdown = 1.2;

/// The native variant's time, ms: main's own 2 ms; 20 functions of 10 ms,
/// to each of which A's assertions add 1.2 ms and from each of which B
/// saves 0.4 ms; a region under C of 30 ms.
double nativeMs(bool A, bool B, bool C) {
  return 2 + Functions * (10 + (A ? 1.2 : 0) - (B ? 0.4 : 0)) + (C ? 30 : 0);
}

/// What the simulator spends per function: A's assertions cost it 0.2 ms.
double simulatedOpMs(bool A, bool B) {
  return 10 + (A ? 0.2 : 0) - (B ? 0.4 : 0);
}

/// A simulator run of (A, B, C) at machine speed Speed, with the native
/// reference (nothing selected) around it and, when Variants, its own
/// configuration's native variant after it; Noise scales the variant's
/// time (run-to-run noise).
callgraph::CallTrace run(bool A, bool B, bool C, double Speed, double Noise,
                         std::string Path, bool Variants) {
  std::string Config;
  for (auto [On, Name] : {std::pair{A, "A"}, {B, "B"}, {C, "C"}})
    if (On)
      Config += (Config.empty() ? "" : ",") + std::string(Name);
  TraceBuilder T(Config, std::move(Path));
  T.feature("A", A).feature("B", B).feature("C", C);
  uint32_t Main = T.region(RegionKind::Function, "main", "1", 1, "vm.c");
  std::vector<uint32_t> Ops;
  for (int F = 0; F < Functions; ++F)
    Ops.push_back(T.region(RegionKind::Function, "op" + std::to_string(F), "1",
                           10 + F, "vm.c"));
  uint32_t InC = T.region(RegionKind::Region, "main", "C", 5, "vm.c");
  double K = Slowdown * Speed * Ms;
  double Op = simulatedOpMs(A, B);
  int64_t M = T.node(-1, Main, 1, (2 + Functions * Op + (C ? 30 : 0)) * K);
  for (int F = 0; F < Functions; ++F)
    T.node(M, Ops[F], 1000, Op * K);
  if (C)
    T.node(M, InC, 1, 30 * K);
  callgraph::CallTrace Out = T.trace();
  callgraph::NativeReferenceTimes N;
  N.BeforeNs = nativeMs(false, false, false) * Ms * Speed;
  N.AfterNs = N.BeforeNs * 1.03;
  if (Variants)
    N.VariantNs = nativeMs(A, B, C) * Ms * Speed * Noise;
  Out.Native = N;
  return Out;
}

/// The pair-wise plan of three features, three rounds; the machine's speed
/// drifts by up to 30 % and each variant's time carries up to 0.5 % noise.
std::vector<callgraph::CallTrace> pairwise(bool Variants) {
  const double Speeds[] = {1.0,  1.3, 0.85, 1.2,  1.1, 0.9,
                           1.25, 1.0, 0.8,  1.15, 1.3, 1.0};
  const double Noise[] = {1.0,   1.004, 0.997, 1.002, 0.999, 1.005,
                          0.996, 1.001, 1.003, 0.998, 1.0,   1.002};
  std::vector<callgraph::CallTrace> Traces;
  size_t I = 0;
  for (int Round = 1; Round <= 3; ++Round) {
    int K = 0;
    for (auto [A, B, C] : {std::tuple{false, false, false},
                           {true, true, false},
                           {true, false, true},
                           {false, true, true}}) {
      Traces.push_back(run(A, B, C, Speeds[I], Noise[I],
                           "run-" + std::to_string(++K) + ".rep-" +
                               std::to_string(Round) + ".json",
                           Variants));
      ++I;
    }
  }
  return Traces;
}

struct Built {
  NativeCalibration Native;
  PerformanceModel M;
};

Built build(std::vector<callgraph::CallTrace> Traces) {
  Built Out;
  Out.Native = calibrateToNative(Traces);
  callgraph::CallGraph G = graphOf(Traces);
  llvm::Expected<RunObservations> Runs = observeRuns(G, Traces);
  if (!Runs) {
    ADD_FAILURE() << errorToString(Runs.takeError());
    std::abort();
  }
  DataFlowOptions DF;
  DF.Runs = &*Runs;
  ModelOptions O;
  O.ThresholdSeconds = 0;
  O.DataFlow = &DF;
  if (Out.Native.Variants)
    O.NativeTotalOf = [&](llvm::StringRef Config) {
      return Out.Native.variantTotal(Config);
    };
  llvm::Expected<PerformanceModel> M = buildModel(G, O);
  if (!M) {
    ADD_FAILURE() << errorToString(M.takeError());
    std::abort();
  }
  Out.M = std::move(*M);
  return Out;
}

/// The median of the twelve runs' machine speeds.
constexpr double MedianSpeed = 1.05;

/// The mean and the largest absolute percentage error over all eight
/// configurations against the native times at the median speed.
std::pair<double, double> errors(const PerformanceModel &M) {
  double Sum = 0, Max = 0;
  for (int Bits = 0; Bits < 8; ++Bits) {
    bool A = Bits & 1, B = Bits & 2, C = Bits & 4;
    std::set<std::string> On;
    for (auto [X, Name] : {std::pair{A, "A"}, {B, "B"}, {C, "C"}})
      if (X)
        On.insert(Name);
    double Want = nativeMs(A, B, C) * 1e-3 * MedianSpeed;
    double E = 100 * std::abs(predictSelected(M, On) - Want) / Want;
    Sum += E;
    Max = std::max(Max, E);
  }
  return {Sum / 8, Max};
}

TEST(NativeVariants, TheModelTakesTheCostTheSimulatorCannotTime) {
  Built B = build(pairwise(true));
  ASSERT_TRUE(B.Native.Applied) << B.Native.Note;
  ASSERT_TRUE(B.Native.Variants);
  EXPECT_TRUE(B.M.RunTotals.NativeTotals);
  ASSERT_EQ(B.M.RunTotals.Measured.size(), 4u);
  // The first configuration's native total at the median speed.
  EXPECT_NEAR(B.M.RunTotals.Measured[0],
              nativeMs(false, false, false) * 1e-3 * MedianSpeed, 0.5e-3);
  auto [Mean, Max] = errors(B.M);
  EXPECT_LT(Mean, 0.5);
  EXPECT_LT(Max, 1.0);
  // A's whole native cost, 20 x 1.2 ms, most of it from the totals.
  std::map<std::string, double> T = termsOf(B.M);
  EXPECT_NEAR(T["A"], Functions * 1.2e-3 * MedianSpeed, 1e-3);
}

TEST(NativeVariants, WithTheReferenceOnlyTheModelKeepsTheSimulatorsView) {
  Built B = build(pairwise(false));
  ASSERT_TRUE(B.Native.Applied) << B.Native.Note;
  EXPECT_FALSE(B.Native.Variants);
  EXPECT_FALSE(B.M.RunTotals.NativeTotals);
  // A costs the model 20 x 0.2 ms (at the native level): every variant
  // with A is off by about 8 %.
  auto [Mean, Max] = errors(B.M);
  EXPECT_GT(Max, 6.0);
  EXPECT_GT(Mean, 3.0);
}

TEST(NativeVariants, ARunWithoutItsVariantLeavesTheSimulatorsTotals) {
  std::vector<callgraph::CallTrace> Traces = pairwise(true);
  Traces[5].Native->VariantNs = 0;
  Built B = build(std::move(Traces));
  ASSERT_TRUE(B.Native.Applied);
  EXPECT_FALSE(B.Native.Variants);
  EXPECT_FALSE(B.Native.variantTotal("A,B").has_value());
  EXPECT_FALSE(B.M.RunTotals.NativeTotals);
}

TEST(NativeVariants, AConfigurationsTotalIsItsRunsMedianAndRange) {
  std::vector<callgraph::CallTrace> Traces = pairwise(true);
  NativeCalibration N = calibrateToNative(Traces);
  std::optional<MeasuredTotal> T = N.variantTotal("A,C");
  ASSERT_TRUE(T.has_value());
  EXPECT_EQ(T->Repetitions, 3u);
  // Its three runs carry noise 0.997, 0.996 and 1.0; each is taken to the
  // median speed.
  double Want = nativeMs(true, false, true) * 1e-3 * MedianSpeed;
  EXPECT_NEAR(T->Seconds, Want * 0.997, 1e-9);
  EXPECT_NEAR(T->RangeSeconds, Want * 0.004, 1e-9);
  EXPECT_FALSE(N.variantTotal("B").has_value());
}

} // namespace
