//===- test/plan/EvidenceTest.cpp - Weighing facts against counts ---------===//

#include "plan/Evidence.h"
#include "test/callgraph/TraceBuilder.h"

#include "support/Diagnostic.h"

#include <gtest/gtest.h>

using namespace varsim;
using namespace varsim::plan;

namespace {

/// A run of three regions (conditions "1") with the given feature values,
/// visits and self times (ms).
RunEvidence runOf(std::map<std::string, int64_t> Values,
                  std::vector<uint64_t> Calls, std::vector<double> SelfMs) {
  RunEvidence E;
  E.Values = std::move(Values);
  for (size_t R = 0; R < Calls.size(); ++R) {
    auto C = condition::parsePresence("1");
    EXPECT_TRUE(static_cast<bool>(C));
    E.Conditions.push_back(*C);
    E.SelfNs.push_back(SelfMs[R] * 1e6);
    E.NoiseNs.push_back(0);
    E.CountsVary.push_back(false);
  }
  E.Calls = std::move(Calls);
  return E;
}

RegionToCover region(unsigned Id, std::vector<std::string> Features) {
  RegionToCover R;
  R.Id = Id;
  R.Label = "r" + std::to_string(Id);
  R.InfluencingFeatures = std::move(Features);
  return R;
}

TEST(Evidence, CountsConfirmRefuteAndWitness) {
  // Region 0: fact A, equal counts and times -> refuted. Region 1: fact
  // B, counts differ -> confirmed. Region 2: no fact, counts differ ->
  // a witness of the features that differ (A and B). Region 3: fact C,
  // C never differs -> not testable.
  std::vector<RunEvidence> Runs = {
      runOf({{"A", 1}, {"B", 1}, {"C", 1}}, {4, 10, 7, 1}, {5, 10, 7, 1}),
      runOf({{"A", 0}, {"B", 0}, {"C", 1}}, {4, 20, 9, 1}, {5, 20, 9, 1})};
  std::vector<RegionToCover> Regions = {region(0, {"A"}), region(1, {"B"}),
                                        region(2, {}), region(3, {"C"})};
  WeighedFacts W = weighFacts(Regions, Runs);
  ASSERT_EQ(W.Facts.size(), 3u);
  EXPECT_EQ(W.Facts[0].V, Verdict::Refuted);
  EXPECT_EQ(W.Facts[1].V, Verdict::CountWitness);
  EXPECT_EQ(W.Facts[2].V, Verdict::Unobserved);
  EXPECT_TRUE(W.Regions[0].InfluencingFeatures.empty());
  EXPECT_EQ(W.Regions[1].InfluencingFeatures, std::vector<std::string>{"B"});
  EXPECT_EQ(W.Regions[2].InfluencingFeatures,
            (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(W.Regions[3].InfluencingFeatures, std::vector<std::string>{"C"});
  EXPECT_EQ(W.NewWitnesses.size(), 2u);
}

TEST(Evidence, VisitsConfirmOnlyAFeatureThatAloneDiffers) {
  // RapidJSON's writer (region 0, facts P, S and W): only W decides its
  // visits. Runs 1 and 2 flip all three; runs 1 and 3 only S. W is
  // confirmed by runs 2 and 3, which differ in W and P: not told apart
  // from P until runs 3 and 4 differ in W alone.
  std::vector<RunEvidence> Runs = {
      runOf({{"P", 0}, {"S", 0}, {"W", 0}}, {38}, {500}),
      runOf({{"P", 2}, {"S", 1}, {"W", 1}}, {0}, {0}),
      runOf({{"P", 0}, {"S", 1}, {"W", 0}}, {38}, {500})};
  WeighedFacts W = weighFacts({region(0, {"P", "S", "W"})}, Runs);
  ASSERT_EQ(W.Facts.size(), 3u);
  // S alone differs in runs 1 and 3, with equal visits and times; the
  // other pairs that differ in S differ in P and W too: S is not
  // confirmed, nor refuted while those visits are not told apart.
  for (const FactVerdict &F : W.Facts)
    EXPECT_EQ(F.V, Verdict::Unobserved) << F.Feature << ": " << F.Why;
  EXPECT_EQ(W.Facts[2].Why, "runs 1 and 2: 38 vs 0 visits, 500.000 vs "
                            "0.000 ms, P, S differing too: not told apart "
                            "yet");
  EXPECT_EQ(W.Regions[0].InfluencingFeatures,
            (std::vector<std::string>{"P", "S", "W"}));
  Runs.push_back(runOf({{"P", 2}, {"S", 1}, {"W", 0}}, {38}, {500}));
  W = weighFacts({region(0, {"P", "S", "W"})}, Runs);
  EXPECT_EQ(W.Facts[2].V, Verdict::CountWitness);
  EXPECT_EQ(W.Facts[2].Why, "runs 2 and 4: 0 vs 38 visits, 0.000 vs "
                            "500.000 ms");
  // P: runs 3 and 4 differ in P alone with equal visits; runs 1 and 2
  // flip W too. Not confirmed.
  EXPECT_NE(W.Facts[0].V, Verdict::CountWitness);
}

TEST(Evidence, ADifferenceThatAWitnessedFeatureExplainsSaysNothingOfW) {
  // W alone decides region 0's visits (runs 2 and 3 differ in W alone).
  // Runs 1 and 2 differ in P and W: W explains their difference, so it
  // neither keeps P nor refutes it; runs 1 and 3 differ in P alone with
  // equal visits and times, and refute P. (Before, P stayed "not told
  // apart" for as long as any pair changed it together with W: SQLite's
  // lookaside regions kept five options through 27 runs.)
  std::vector<RunEvidence> Runs = {runOf({{"P", 0}, {"W", 0}}, {38}, {500}),
                                   runOf({{"P", 1}, {"W", 1}}, {0}, {0}),
                                   runOf({{"P", 1}, {"W", 0}}, {38}, {500})};
  WeighedFacts W = weighFacts({region(0, {"P", "W"})}, Runs);
  ASSERT_EQ(W.Facts.size(), 2u);
  EXPECT_EQ(W.Facts[0].V, Verdict::Refuted) << W.Facts[0].Why;
  EXPECT_EQ(W.Facts[0].Why, "runs 1 and 3: 38 vs 38 visits, 500.000 vs "
                            "500.000 ms");
  EXPECT_EQ(W.Facts[1].V, Verdict::CountWitness);
  EXPECT_EQ(W.Regions[0].InfluencingFeatures, std::vector<std::string>{"W"});
  // Without the pair that tells them apart, both stay.
  Runs.pop_back();
  W = weighFacts({region(0, {"P", "W"})}, Runs);
  EXPECT_EQ(W.Regions[0].InfluencingFeatures,
            (std::vector<std::string>{"P", "W"}));
  // A time difference that the witnessed feature explains keeps nothing:
  // runs 1 and 2 take 900 ms more with W on and P changed too.
  Runs = {runOf({{"P", 0}, {"W", 0}}, {38}, {500}),
          runOf({{"P", 1}, {"W", 1}}, {38}, {1400}),
          runOf({{"P", 1}, {"W", 0}}, {38}, {500}),
          runOf({{"P", 0}, {"W", 1}}, {38}, {1400})};
  W = weighFacts({region(0, {"P", "W"})}, Runs);
  EXPECT_EQ(W.Facts[0].V, Verdict::Refuted) << W.Facts[0].Why;
  EXPECT_EQ(W.Facts[1].V, Verdict::TimeWitness);
}

TEST(Evidence, ARegionNotVisitedWithWOnNorOffRefutesW) {
  // Region 0 (fact A) is not visited in either run: equal counts, refuted,
  // and no run is planned for it. Region 1 (fact A) is visited in one run
  // only: its counts witness A.
  std::vector<RunEvidence> Runs = {runOf({{"A", 1}}, {0, 3}, {0, 1}),
                                   runOf({{"A", 0}}, {0, 0}, {0, 0})};
  WeighedFacts W = weighFacts({region(0, {"A"}), region(1, {"A"})}, Runs);
  ASSERT_EQ(W.Facts.size(), 2u);
  EXPECT_EQ(W.Facts[0].V, Verdict::Refuted);
  EXPECT_EQ(W.Facts[0].Why, "runs 1 and 2: not visited in either");
  EXPECT_TRUE(W.Regions[0].InfluencingFeatures.empty());
  EXPECT_EQ(W.Facts[1].V, Verdict::CountWitness);
}

TEST(Evidence, AWitnessKeepsEveryFeatureOfItsWitnessingPairs) {
  // Region 0 (no fact) runs 10 + 5 x A x B times. Runs A,B / none / A:
  // the pairs that witness it differ in {A, B} and {B}. Both features stay
  // influences: B alone would leave the interaction with A unobserved.
  std::vector<RunEvidence> Runs = {runOf({{"A", 1}, {"B", 1}}, {15}, {15}),
                                   runOf({{"A", 0}, {"B", 0}}, {10}, {10}),
                                   runOf({{"A", 1}, {"B", 0}}, {10}, {10})};
  WeighedFacts W = weighFacts({region(0, {})}, Runs);
  EXPECT_EQ(W.Regions[0].InfluencingFeatures,
            (std::vector<std::string>{"A", "B"}));
  ASSERT_EQ(W.NewWitnesses.size(), 2u);
  EXPECT_EQ(W.NewWitnesses[0].Why, "runs 1 and 2: 15 vs 10 visits");
}

TEST(Evidence, TimesKeepAFactCountsThatVaryWitnessNothing) {
  std::vector<RunEvidence> Runs = {runOf({{"A", 1}}, {4, 10}, {5, 10}),
                                   runOf({{"A", 0}}, {4, 20}, {9, 10})};
  // Region 1's counts differ but vary between repetitions too (a program
  // that counts by the clock): not a witness.
  Runs[0].CountsVary[1] = Runs[1].CountsVary[1] = true;
  WeighedFacts W = weighFacts({region(0, {"A"}), region(1, {})}, Runs);
  ASSERT_EQ(W.Facts.size(), 1u);
  EXPECT_EQ(W.Facts[0].V, Verdict::TimeWitness); // 5 vs 9 ms.
  EXPECT_TRUE(W.NewWitnesses.empty());
  // Within noise: refuted.
  Runs[0].NoiseNs[0] = Runs[1].NoiseNs[0] = 2e6;
  Runs[0].Repetitions = Runs[1].Repetitions = 3;
  W = weighFacts({region(0, {"A"})}, Runs);
  EXPECT_EQ(W.Facts[0].V, Verdict::Refuted);
  // A range of a run that was not repeated is no noise.
  Runs[0].Repetitions = Runs[1].Repetitions = 1;
  W = weighFacts({region(0, {"A"})}, Runs);
  EXPECT_EQ(W.Facts[0].V, Verdict::TimeWitness);
}

TEST(Evidence, OneSlowRepetitionDoesNotRefuteAFact) {
  // A's data slows region 0 from 50 to 65 ms with equal visits. Three
  // runs of three repetitions each; the repetitions of the two runs
  // without A agree within 0.5 ms, the run with A had one slow
  // repetition (a load spike: range 10 ms, its median unmoved). Every
  // pair that flips A involves that run; 3 times its range (30 ms) would
  // call A's 15 ms noise and refute the fact. The region's typical range
  // (0.5 ms) keeps it.
  std::vector<RunEvidence> Runs = {runOf({{"A", 1}, {"B", 0}}, {4}, {65}),
                                   runOf({{"A", 0}, {"B", 0}}, {4}, {50}),
                                   runOf({{"A", 0}, {"B", 1}}, {4}, {50})};
  for (RunEvidence &E : Runs) {
    E.Repetitions = 3;
    E.NoiseNs[0] = 0.5e6;
  }
  Runs[0].NoiseNs[0] = 10e6;
  WeighedFacts W = weighFacts({region(0, {"A"})}, Runs);
  ASSERT_EQ(W.Facts.size(), 1u);
  EXPECT_EQ(W.Facts[0].V, Verdict::TimeWitness) << W.Facts[0].Why;
  EXPECT_EQ(W.Regions[0].InfluencingFeatures, std::vector<std::string>{"A"});
  // Every run that slow: the noise it is.
  for (RunEvidence &E : Runs)
    E.NoiseNs[0] = 10e6;
  W = weighFacts({region(0, {"A"})}, Runs);
  EXPECT_EQ(W.Facts[0].V, Verdict::Refuted);
}

TEST(Evidence, ASingleRunAmongRepeatedOnesKeepsNoFactByTime) {
  // The first runs of an adaptive run were repeated (3 each), the
  // follow-up (run 3, A on) is weighed after its first run: its 15 ms more
  // in region 0, with equal visits, is a single time beside ranges of
  // 0.5 ms, and keeps nothing; its equal visits refute A.
  std::vector<RunEvidence> Runs = {runOf({{"A", 0}, {"B", 0}}, {4}, {50}),
                                   runOf({{"A", 0}, {"B", 1}}, {4}, {50}),
                                   runOf({{"A", 1}, {"B", 0}}, {4}, {65})};
  for (RunEvidence &E : Runs) {
    E.Repetitions = 3;
    E.NoiseNs[0] = 0.5e6;
  }
  Runs[2].Repetitions = 1;
  Runs[2].NoiseNs[0] = 0;
  WeighedFacts W = weighFacts({region(0, {"A"})}, Runs);
  ASSERT_EQ(W.Facts.size(), 1u);
  EXPECT_EQ(W.Facts[0].V, Verdict::Refuted) << W.Facts[0].Why;
  // Once its repetitions agree, the difference keeps A.
  Runs[2].Repetitions = 3;
  Runs[2].NoiseNs[0] = 0.5e6;
  W = weighFacts({region(0, {"A"})}, Runs);
  EXPECT_EQ(W.Facts[0].V, Verdict::TimeWitness) << W.Facts[0].Why;
  // No run repeated (--repeat 1): single times are all there is.
  for (RunEvidence &E : Runs)
    E.Repetitions = 1, E.NoiseNs[0] = 0;
  W = weighFacts({region(0, {"A"})}, Runs);
  EXPECT_EQ(W.Facts[0].V, Verdict::TimeWitness) << W.Facts[0].Why;
}

TEST(Evidence, PlannerLeavesWhatEarlierRunsMet) {
  auto M = fm::parseFeatureModel(R"(<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <feature name="A"/><feature name="B"/>
  </and></struct></featureModel>)",
                                 "test.xml");
  ASSERT_TRUE(static_cast<bool>(M)) << errorToString(M.takeError());
  std::vector<RegionToCover> Regions = {region(0, {"A", "B"})};
  auto Full = computePlan(*M, Regions);
  ASSERT_TRUE(static_cast<bool>(Full));
  ASSERT_EQ(Full->Runs.size(), 4u);
  PlanOptions O;
  O.AlreadyRun = {Full->Runs[0].Config, Full->Runs[1].Config};
  auto Rest = computePlan(*M, Regions, O);
  ASSERT_TRUE(static_cast<bool>(Rest));
  EXPECT_EQ(Rest->Runs.size(), 2u);
  for (const PlannedRun &R : Rest->Runs)
    EXPECT_TRUE(R.ConfigString != Full->Runs[0].ConfigString &&
                R.ConfigString != Full->Runs[1].ConfigString);
  for (const PlannedRun &R : Full->Runs)
    O.AlreadyRun.push_back(R.Config);
  Rest = computePlan(*M, Regions, O);
  ASSERT_TRUE(static_cast<bool>(Rest));
  EXPECT_TRUE(Rest->Runs.empty());
}

} // namespace

TEST(Evidence, AFactAboutAFeatureItsRegionsConditionFixesIsVacuous) {
  // Lua: a region under `!LUA_NOCVTS2N` with the fact LUA_NOCVTS2N, and
  // one under `LUAI_MAXSHORTLEN == 20` with the fact LUAI_MAXSHORTLEN:
  // wherever they run, the feature has one value. A fact about A under
  // `B || !A` is weighed as usual (the condition does not fix A).
  std::vector<RunEvidence> Runs = {
      runOf({{"N", 1}, {"L", 20}, {"A", 1}}, {0, 5, 3}, {0, 5, 3}),
      runOf({{"N", 0}, {"L", 40}, {"A", 0}}, {4, 0, 6}, {4, 0, 6})};
  std::vector<RegionToCover> Regions = {region(0, {"N", "A"}), region(1, {"L"}),
                                        region(2, {"A"})};
  Regions[0].Condition = "!N && X";
  Regions[1].Condition = "L == 20";
  Regions[2].Condition = "B || !A";
  WeighedFacts W = weighFacts(Regions, Runs);
  ASSERT_EQ(W.Facts.size(), 4u);
  EXPECT_EQ(W.Facts[0].V, Verdict::Vacuous);
  EXPECT_NE(W.Facts[0].Why.find("'!N && X' holds N to one value"),
            std::string::npos)
      << W.Facts[0].Why;
  EXPECT_EQ(W.Facts[1].Feature, "A");
  EXPECT_NE(W.Facts[1].V, Verdict::Vacuous);
  EXPECT_EQ(W.Facts[2].V, Verdict::Vacuous);
  EXPECT_EQ(W.Facts[3].V, Verdict::CountWitness); // 3 vs 6 visits.
  EXPECT_EQ(W.Regions[0].InfluencingFeatures, std::vector<std::string>{"A"});
  EXPECT_TRUE(W.Regions[1].InfluencingFeatures.empty());
  EXPECT_EQ(verdictName(Verdict::Vacuous), "vacuous");
}

namespace {

using callgraph::test::TraceBuilder;

/// One run of B's value with f (under A) folded after 128 recorded visits
/// and 40 fold samples: Folded visits counted in the main thread and
/// WorkerFolded in a worker thread that recorded no visit of f.
callgraph::CallTrace foldedRun(int64_t B, uint64_t Folded,
                               uint64_t WorkerFolded, bool Counted = true) {
  TraceBuilder T(B ? "A,B" : "A", B ? "b.json" : "a.json");
  T.feature("A", 1).feature("B", B);
  uint32_t Main = T.region(callgraph::RegionKind::Function, "main", "1", 1);
  uint32_t F = T.region(callgraph::RegionKind::Function, "f", "A", 10);
  int64_t M = T.node(-1, Main, 1, 1e9);
  int64_t Fn = T.node(M, F, 168, 1e4);
  if (WorkerFolded)
    T.node(-1, Main, 1, 1e6, 1);
  callgraph::CallTrace &Trace = T.trace();
  Trace.FoldedRegions = {F};
  if (!Counted) // A Base fold: its later visits are counted nowhere.
    return Trace;
  Trace.CountedFoldRegions = {F};
  Trace.Threads[0].Folded.push_back({F, Folded});
  Trace.Threads[0].FoldSamples.push_back({Fn, 40});
  if (WorkerFolded)
    Trace.Threads[1].Folded.push_back({F, WorkerFolded});
  callgraph::applyFoldedVisits(Trace);
  return Trace;
}

/// The evidence of one configuration from its repetitions' traces.
RunEvidence evidence(std::vector<callgraph::CallTrace> Repetitions) {
  llvm::Expected<RunEvidence> E = evidenceOf(Repetitions);
  if (!E) {
    ADD_FAILURE() << errorToString(E.takeError());
    return {};
  }
  return std::move(*E);
}

RunEvidence evidence(callgraph::CallTrace T) {
  return evidence(std::vector<callgraph::CallTrace>{std::move(T)});
}

} // namespace

TEST(Evidence, AFoldedCountedRegionsTotalVisitsAreExact) {
  // The fact "B reaches f", whose only witness is f: it folded in both
  // runs, each with 168 recorded visits; its folded visits, counted per
  // thread, are 10000 with B off and 20000 with it on.
  EvidenceOptions NoTimes;
  NoTimes.AbsoluteNs = 1e18; // Only counts decide here.
  std::vector<RunEvidence> Runs = {evidence(foldedRun(0, 10000, 0)),
                                   evidence(foldedRun(1, 20000, 0))};
  EXPECT_EQ(Runs[0].Calls[1], 10168u);
  EXPECT_FALSE(Runs[0].CountsVary[1]);
  WeighedFacts W = weighFacts({region(1, {"B"})}, Runs, NoTimes);
  ASSERT_EQ(W.Facts.size(), 1u);
  EXPECT_EQ(W.Facts[0].V, Verdict::CountWitness) << W.Facts[0].Why;
  EXPECT_NE(W.Facts[0].Why.find("10168 vs 20168 visits"), std::string::npos)
      << W.Facts[0].Why;

  // 15000 folded visits in both runs, in the second 5000 of them in a
  // worker thread that recorded no visit of f (the reader has no node to
  // give them to): the totals are equal, the fact refuted.
  Runs = {evidence(foldedRun(0, 15000, 0)),
          evidence(foldedRun(1, 10000, 5000))};
  EXPECT_EQ(Runs[1].Calls[1], 15168u);
  W = weighFacts({region(1, {"B"})}, Runs, NoTimes);
  EXPECT_EQ(W.Facts[0].V, Verdict::Refuted) << W.Facts[0].Why;
}

TEST(Evidence, AFoldedBaseRegionsVisitsWitnessNothing) {
  // f folded without counting (as a Base function does): its recorded
  // visits, 168 and 200, are not all its visits.
  EvidenceOptions NoTimes;
  NoTimes.AbsoluteNs = 1e18;
  callgraph::CallTrace More = foldedRun(1, 0, 0, /*Counted=*/false);
  More.Threads[0].Nodes[1].Calls = More.Threads[0].Nodes[1].Timed = 200;
  std::vector<RunEvidence> Runs = {
      evidence(foldedRun(0, 0, 0, /*Counted=*/false)), evidence(More)};
  EXPECT_TRUE(Runs[0].CountsVary[1]);
  WeighedFacts W = weighFacts({region(1, {"B"})}, Runs, NoTimes);
  ASSERT_EQ(W.Facts.size(), 1u);
  EXPECT_EQ(W.Facts[0].V, Verdict::Unobserved) << W.Facts[0].Why;
  EXPECT_EQ(W.Regions[0].InfluencingFeatures, std::vector<std::string>{"B"});
}

namespace {

/// One repetition of A's value: main's self time SelfMs, beside a native
/// reference that took ReferenceMs (0: no reference).
callgraph::CallTrace timedRun(int64_t A, double SelfMs, double ReferenceMs) {
  TraceBuilder T(A ? "A" : "", A ? "a.json" : "none.json");
  T.feature("A", A);
  uint32_t Main = T.region(callgraph::RegionKind::Function, "main", "1", 1);
  T.node(-1, Main, 1, SelfMs * 1e6);
  callgraph::CallTrace &Trace = T.trace();
  if (ReferenceMs > 0)
    Trace.Native = callgraph::NativeReferenceTimes{"", ReferenceMs * 1e6,
                                                   ReferenceMs * 1e6};
  return Trace;
}

} // namespace

TEST(Evidence, TimesAreComparedAtOneSpeedOfTheMachine) {
  // A does nothing to main, but the machine ran 25 % slower while A was
  // on (its native reference too): at one speed the times are equal, and
  // the fact is refuted. Without references the same times keep it.
  std::vector<RunEvidence> Measured = {
      evidence({timedRun(0, 100, 1000), timedRun(0, 101, 1000)}),
      evidence({timedRun(1, 125, 1250), timedRun(1, 126, 1250)})};
  EXPECT_DOUBLE_EQ(Measured[1].SpeedNs, 1250e6);
  WeighedFacts W = weighFacts({region(0, {"A"})}, Measured);
  ASSERT_EQ(W.Facts.size(), 1u);
  EXPECT_EQ(W.Facts[0].V, Verdict::Refuted) << W.Facts[0].Why;

  std::vector<RunEvidence> Unlevelled = {
      evidence({timedRun(0, 100, 0), timedRun(0, 101, 0)}),
      evidence({timedRun(1, 125, 0), timedRun(1, 126, 0)})};
  W = weighFacts({region(0, {"A"})}, Unlevelled);
  ASSERT_EQ(W.Facts.size(), 1u);
  EXPECT_EQ(W.Facts[0].V, Verdict::TimeWitness) << W.Facts[0].Why;
}

TEST(Evidence, ARepetitionIsScaledByItsOwnReference) {
  // The second repetition ran while the machine was twice as slow: at the
  // configuration's median speed it took what the first did, so the
  // range (the noise a verdict allows for) is small, not 100 ms.
  RunEvidence E = evidence(
      {timedRun(1, 100, 1000), timedRun(1, 200, 2000), timedRun(1, 102, 1000)});
  EXPECT_DOUBLE_EQ(E.SpeedNs, 1000e6);
  EXPECT_NEAR(E.SelfNs[0], 100e6, 1e3);
  EXPECT_NEAR(E.NoiseNs[0], 2e6, 1e3);
}
