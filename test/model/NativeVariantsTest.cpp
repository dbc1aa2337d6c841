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

#include "test/model/DriftingVm.h"

using namespace varsim;
using namespace varsim::model;
using namespace varsim::model::test;
using namespace varsim::model::test::vm;

namespace {

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

/// The pair-wise plan's runs, the machine's speed drifting by up to 30 %:
/// each with the native reference (nothing selected) around it and, when
/// Variants, its own configuration's native variant after it, whose time
/// carries up to 0.5 % run-to-run noise.
std::vector<callgraph::CallTrace> pairwise(bool Variants) {
  const double Noise[] = {1.0,   1.004, 0.997, 1.002, 0.999, 1.005,
                          0.996, 1.001, 1.003, 0.998, 1.0,   1.002};
  return pairwiseRounds([&](bool A, bool B, bool C, size_t I,
                            std::string Path) {
    double Speed = DriftSpeeds[I];
    callgraph::CallTrace Out = vmTrace(A, B, C, simulatedOpMs(A, B),
                                       Slowdown * Speed * Ms, std::move(Path));
    callgraph::NativeReferenceTimes N;
    N.BeforeNs = nativeMs(false, false, false) * Ms * Speed;
    N.AfterNs = N.BeforeNs * 1.03;
    if (Variants)
      N.VariantNs = nativeMs(A, B, C) * Ms * Speed * Noise[I];
    Out.Native = N;
    return Out;
  });
}

Built build(std::vector<callgraph::CallTrace> Traces) {
  return buildCalibrated(std::move(Traces));
}

std::pair<double, double> errors(const PerformanceModel &M) {
  return errorsOverAll(M, nativeMs);
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
