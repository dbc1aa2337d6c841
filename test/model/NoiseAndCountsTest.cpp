//===- test/model/NoiseAndCountsTest.cpp - Repetitions, counts, values ----===//
//
// Repetitions of a configuration (`varsim run --repeat`) give each context
// their median and their range; a difference between configurations within
// that range is noise, never an interaction. Visit counts that differ
// between configurations are an exact witness. A numeric feature's 0 is a
// value.
//
//===----------------------------------------------------------------------===//

#include "model/ContextModels.h"
#include "model/ModelFile.h"
#include "model/RunObservations.h"
#include "test/callgraph/TraceBuilder.h"
#include "test/model/ModelTestUtil.h"

using namespace varsim;
using namespace varsim::model;
using namespace varsim::model::test;
using varsim::callgraph::RegionKind;
using varsim::callgraph::test::TraceBuilder;

namespace {

constexpr double Ms = 1e6;

/// One run of a program: main (Base) calls work() (Base, WorkMs) and, in
/// configuration "A", a region under A of 5 ms. work() is visited Calls
/// times.
callgraph::CallTrace run(bool A, double WorkMs, std::string Path,
                         uint64_t Calls = 10) {
  TraceBuilder B(A ? "A" : "", std::move(Path));
  uint32_t Main = B.region(RegionKind::Function, "main", "1", 1, "app.c");
  uint32_t Work = B.region(RegionKind::Function, "work", "1", 10, "app.c");
  uint32_t InA = B.region(RegionKind::Region, "main", "A", 5, "app.c");
  B.feature("A", A);
  double Own = A ? 5 : 0;
  int64_t M = B.node(-1, Main, 1, (1 + WorkMs + Own) * Ms);
  B.node(M, Work, Calls, WorkMs * Ms);
  if (A)
    B.node(M, InA, 1, 5 * Ms);
  return B.trace();
}

struct Built {
  callgraph::CallGraph G;
  RunObservations Runs;
  PerformanceModel M;
};

Built build(std::vector<callgraph::CallTrace> Traces,
            std::optional<std::map<unsigned, std::vector<std::string>>>
                Influences = std::nullopt,
            const fm::FeatureModel *FM = nullptr) {
  callgraph::CallGraph G = graphOf(Traces);
  RunObservations Runs = observationsOf(G, Traces);
  DataFlowOptions DF;
  DF.Runs = &Runs;
  DF.Influences = std::move(Influences);
  ModelOptions O;
  O.ThresholdSeconds = 0;
  O.DataFlow = &DF;
  O.Features = FM;
  PerformanceModel M = modelWith(G, O);
  return {std::move(G), std::move(Runs), std::move(M)};
}

TEST(Repetitions, MedianOfEachConfigurationAndItsRange) {
  // Three repetitions of each configuration; one of "A"'s was preempted
  // (work took 90 ms instead of 40).
  Built B = build({run(true, 40, "a1.json"), run(false, 40, "n1.json"),
                   run(true, 90, "a2.json"), run(false, 41, "n2.json"),
                   run(true, 41, "a3.json"), run(false, 39, "n3.json")});
  ASSERT_EQ(B.G.runs().size(), 2u);
  EXPECT_EQ(B.G.runs()[0].Repetitions, 3u);
  EXPECT_EQ(B.G.runs()[0].Path, "a1.json");
  EXPECT_EQ(B.G.runs()[0].RepetitionPaths,
            (std::vector<std::string>{"a2.json", "a3.json"}));
  // The median (41 ms), not the mean (57 ms).
  EXPECT_NEAR(B.G.runs()[0].CorrectedTotalNs, (1 + 41 + 5) * Ms, 1);
  EXPECT_NEAR(B.G.runs()[0].TotalRangeNs, 50 * Ms, 1);
  std::map<std::string, double> T = termsOf(B.M);
  EXPECT_NEAR(T["A"], 0.005, 1e-9);
  EXPECT_NEAR(T["Base"], 0.001 + (0.041 + 0.040) / 2, 1e-9);
  ASSERT_EQ(B.M.Runs.size(), 2u);
  EXPECT_EQ(B.M.Runs[0].Repetitions, 3u);
  EXPECT_EQ(B.Runs.Runs.size(), 2u);
  EXPECT_EQ(B.Runs.Runs[0].Repetitions, 3u);
}

TEST(Repetitions, PureNoiseBetweenRunsYieldsNoInteraction) {
  // work() takes 40 ms in every configuration; the machine adds up to
  // 15 ms to some runs. The medians differ by 9 ms (above the 10 % floor
  // of 4 ms), but the repetitions of each configuration spread by 15 ms:
  // noise, not a data-flow interaction.
  Built B = build({run(true, 52, "a1.json"), run(false, 40, "n1.json"),
                   run(true, 49, "a2.json"), run(false, 55, "n2.json"),
                   run(true, 40, "a3.json"), run(false, 40, "n3.json")});
  EXPECT_TRUE(B.G.dataFlowSuspects().empty());
  EXPECT_TRUE(B.M.DataFlow.empty());
  EXPECT_EQ(B.M.LocalModelCount, 0u);
  for (const Term &T : B.M.Terms) {
    EXPECT_LE(T.order(), 1u) << T.name();
    EXPECT_FALSE(T.FromLocalModel) << T.name();
  }
  // The same medians from single runs (no measured noise): reported.
  Built Single = build({run(true, 49, "a.json"), run(false, 40, "n.json")});
  EXPECT_EQ(Single.G.dataFlowSuspects().size(), 1u);
  EXPECT_EQ(Single.M.LocalModelCount, 1u);
}

TEST(Repetitions, SuspectsUseTheStandardErrorNotTheLargestRange) {
  // work() takes 80 ms with A and 40 ms without; one repetition without A
  // was preempted (90 ms). The medians differ by 39 ms. 1.5 times the
  // largest range (50 ms) called that noise; the noise of a difference of
  // two medians, 2 SE sqrt(2) with SE from the ranges' median (26 ms over
  // three repetitions: SE 11 ms), is 31 ms: a data-flow suspect.
  Built B = build({run(true, 80, "a1.json"), run(false, 40, "n1.json"),
                   run(true, 81, "a2.json"), run(false, 90, "n2.json"),
                   run(true, 79, "a3.json"), run(false, 41, "n3.json")});
  ASSERT_EQ(B.G.dataFlowSuspects().size(), 1u);
  const callgraph::DataFlowSuspect &S = B.G.dataFlowSuspects().front();
  EXPECT_NEAR(S.MaxNs - S.MinNs, 39 * Ms, 1);
  // Twice as many repetitions' noise (ranges of 100 ms): no suspect.
  Built Noisy = build({run(true, 80, "a1.json"), run(false, 40, "n1.json"),
                       run(true, 180, "a2.json"), run(false, 140, "n2.json"),
                       run(true, 79, "a3.json"), run(false, 41, "n3.json")});
  EXPECT_TRUE(Noisy.G.dataFlowSuspects().empty());
}

TEST(Repetitions, OneOutlierRepetitionDoesNotHideAnEffect) {
  // A's data makes interp() 30 % slower (40 -> 52 ms, equal visits: no
  // count witnesses it); B changes nothing. Four configurations, three
  // repetitions each, agreeing within 0.5 ms, except one repetition of
  // "B" that a load spike stretched to 65 ms. Each configuration's time is
  // its median, which the spike does not move; the noise is the typical
  // range of the repetitions (0.5 ms), not the spiked one (25 ms, whose
  // 1.5 times would swallow A's 12 ms and average A's runs with the
  // others': every prediction 6 ms, 15 %, off).
  std::vector<callgraph::CallTrace> Traces;
  for (int Rep = 0; Rep < 3; ++Rep)
    for (auto [A, B] : {std::pair{false, false},
                        {true, false},
                        {false, true},
                        {true, true}}) {
      std::string Config = A && B ? "A,B" : A ? "A" : B ? "B" : "";
      TraceBuilder T(Config, (Config.empty() ? "none" : Config) + "." +
                                 std::to_string(Rep) + ".json");
      uint32_t Main = T.region(RegionKind::Function, "main", "1", 1, "vm.c");
      uint32_t Interp =
          T.region(RegionKind::Function, "interp", "1", 10, "vm.c");
      T.feature("A", A);
      T.feature("B", B);
      double InterpMs = (A ? 52 : 40) + 0.25 * Rep;
      if (B && !A && Rep == 2)
        InterpMs = 65;
      int64_t M = T.node(-1, Main, 1, (1 + InterpMs) * Ms);
      T.node(M, Interp, 1, InterpMs * Ms);
      Traces.push_back(T.trace());
    }
  Built B = build(
      Traces, std::map<unsigned, std::vector<std::string>>{{1, {"A", "B"}}});
  ASSERT_EQ(B.M.LocalModels.size(), 1u);
  EXPECT_EQ(B.M.LocalModels[0].Function, "interp");
  EXPECT_EQ(B.M.LocalModels[0].Features, std::vector<std::string>{"A"});
  for (bool A : {false, true})
    for (bool Bf : {false, true})
      EXPECT_NEAR(B.M.predict([&](llvm::StringRef F) -> int64_t {
        return F == "A" ? A : F == "B" ? Bf : 0;
      }),
                  (1 + (A ? 52.25 : 40.25)) * 1e-3, 0.3e-3)
          << "A=" << A << " B=" << Bf;
}

TEST(Counts, DifferingVisitCountsWitnessAnInteraction) {
  // A decides how often work() runs: 10 visits without it, 11 with, and
  // 2 ms more (5 % of 40 ms: within the fixed 10 % floor). Repetitions
  // agree within 0.2 ms. The data-flow facts name no feature for work().
  std::vector<callgraph::CallTrace> Traces;
  for (int Rep = 0; Rep < 3; ++Rep) {
    double Jitter = 0.1 * Rep;
    Traces.push_back(
        run(true, 42 + Jitter, "a" + std::to_string(Rep) + ".json", 11));
    Traces.push_back(
        run(false, 40 + Jitter, "n" + std::to_string(Rep) + ".json", 10));
  }
  std::map<unsigned, std::vector<std::string>> NoFacts{{2, {"A"}}};
  Built B = build(Traces, NoFacts);
  ASSERT_EQ(B.M.LocalModels.size(), 1u);
  const LocalModelSummary &L = B.M.LocalModels[0];
  EXPECT_EQ(L.Function, "work");
  EXPECT_TRUE(L.CountWitness);
  EXPECT_NE(L.Why.find("visit counts differ"), std::string::npos) << L.Why;
  EXPECT_EQ(L.Features, (std::vector<std::string>{"A"}));
  std::map<std::string, double> T = termsOf(B.M);
  EXPECT_NEAR(T["A"], 0.005 + 0.002, 1e-9);
  for (const Term &Tm : B.M.Terms) {
    if (Tm.name() == "A") {
      EXPECT_TRUE(Tm.FromLocalModel);
    }
  }
  for (const callgraph::DataFlowSuspect &S : B.G.dataFlowSuspects())
    EXPECT_TRUE(S.CountWitness);

  // Equal counts and the same 2 ms: within the floor, no local model.
  std::vector<callgraph::CallTrace> Same;
  for (int Rep = 0; Rep < 3; ++Rep) {
    double Jitter = 0.1 * Rep;
    Same.push_back(run(true, 42 + Jitter, "a" + std::to_string(Rep) + ".json"));
    Same.push_back(
        run(false, 40 + Jitter, "n" + std::to_string(Rep) + ".json"));
  }
  Built S = build(Same, NoFacts);
  EXPECT_EQ(S.M.LocalModelCount, 0u);
  EXPECT_TRUE(S.M.DataFlow.empty());

  // Counts that differ between repetitions (a program that counts by the
  // clock) witness nothing.
  std::vector<callgraph::CallTrace> Vary = Traces;
  Vary[2] = run(true, 42, "a1.json", 12);
  Built V = build(Vary, NoFacts);
  EXPECT_EQ(V.M.LocalModelCount, 0u);
}

TEST(NumericFeatures, ZeroIsAValueUnderTheFeatureModel) {
  // `#if LEVEL` code (2 ms) runs for LEVEL 1 and 2, `#else` code (7 ms)
  // for LEVEL 0. Both terms stay: LEVEL is in every configuration, but
  // its literal reads LEVEL != 0.
  fm::FeatureModel FM =
      featureModel(std::string(VARSIM_MODEL_DATA) + "/numeric.xml");
  std::vector<callgraph::CallTrace> Traces;
  for (int Level = 0; Level < 3; ++Level) {
    TraceBuilder B("LEVEL=" + std::to_string(Level),
                   "l" + std::to_string(Level) + ".json");
    uint32_t Main = B.region(RegionKind::Function, "main", "1", 1, "app.c");
    uint32_t On = B.region(RegionKind::Region, "main", "LEVEL", 3, "app.c");
    uint32_t Off = B.region(RegionKind::Region, "main", "!LEVEL", 5, "app.c");
    B.feature("LEVEL", Level, /*Numeric=*/true);
    B.feature("FAST", 0);
    double Own = Level ? 2 : 7;
    int64_t M = B.node(-1, Main, 1, (1 + Own) * Ms);
    B.node(M, Level ? On : Off, 1, Own * Ms);
    Traces.push_back(B.trace());
  }
  callgraph::CallGraph G = graphOf(Traces);
  PerformanceModel M = modelOf(G, Simplification::Full, &FM);
  std::map<std::string, double> T = termsOf(M);
  EXPECT_TRUE(M.Unsatisfiable.empty());
  EXPECT_NEAR(T["LEVEL"], 0.002, 1e-12);
  EXPECT_NEAR(T["!LEVEL"], 0.007, 1e-12);
  EXPECT_NEAR(T["Base"], 0.001, 1e-12);
  for (const std::string &W : M.Warnings)
    EXPECT_EQ(W.find("every valid configuration"), std::string::npos) << W;
  for (int Level = 0; Level < 3; ++Level)
    EXPECT_NEAR(M.predict([&](llvm::StringRef F) -> int64_t {
      return F == "LEVEL" ? Level : 0;
    }),
                (Level ? 3 : 8) * 1e-3, 1e-12);
  // The total a share is relative to is one configuration's time.
  EXPECT_NEAR(M.totalSeconds(), 0.008, 1e-12);
}

TEST(NumericFeatures, TotalIsNeverTheSumOfExclusiveValues) {
  // Per value of LEVEL, main's loop costs 0.5, 1.0, 1.5 s: a local model
  // with one term per value. Their sum (3 s) is no program's time.
  std::vector<callgraph::CallTrace> Traces;
  for (int Level = 0; Level < 3; ++Level) {
    TraceBuilder B("LEVEL=" + std::to_string(Level),
                   "l" + std::to_string(Level) + ".json");
    B.region(RegionKind::Function, "main", "1", 1, "main.c");
    B.feature("LEVEL", Level, /*Numeric=*/true);
    B.node(-1, 0, 1, (Level + 1) * 500 * Ms);
    Traces.push_back(B.trace());
  }
  // Without a feature model, LEVEL may have values no run showed: they
  // get the most observed value's time (0.5 s, the smallest on ties), a
  // term `LEVEL != 0#LEVEL != 1#LEVEL != 2`.
  Built Bare = build(
      Traces, std::map<unsigned, std::vector<std::string>>{{0, {"LEVEL"}}});
  EXPECT_NEAR(Bare.M.sumOfTerms(), 3.5, 1e-9);
  EXPECT_NEAR(Bare.M.predict([](llvm::StringRef) -> int64_t { return 7; }), 0.5,
              1e-9);
  // With it, every value of LEVEL (0, 1, 2) was observed: no such term.
  fm::FeatureModel FM =
      featureModel(std::string(VARSIM_MODEL_DATA) + "/numeric.xml");
  Built B =
      build(Traces,
            std::map<unsigned, std::vector<std::string>>{{0, {"LEVEL"}}}, &FM);
  // The 0.5 s that every value's copy of main shares is Base
  // (model/TermLifting.h): 0.5 + 0 + 0.5 + 1.0.
  EXPECT_NEAR(B.M.sumOfTerms(), 2.0, 1e-9);
  EXPECT_NEAR(termsOf(B.M)["Base"], 0.5, 1e-9);
  // Runs of LEVEL 0 and 1 only: the feature model's third value gets the
  // reference value's time (0.5 s), and main is not lost from that
  // configuration; as LEVEL 0's, it is the time every value shares, Base.
  Built Two =
      build({Traces[0], Traces[1]},
            std::map<unsigned, std::vector<std::string>>{{0, {"LEVEL"}}}, &FM);
  EXPECT_NEAR(termsOf(Two.M)["Base"], 0.5, 1e-9);
  EXPECT_NEAR(termsOf(Two.M)["LEVEL == 1"], 0.5, 1e-9);
  EXPECT_NEAR(Two.M.predict([](llvm::StringRef) -> int64_t { return 2; }), 0.5,
              1e-9);
  EXPECT_NEAR(B.M.totalSeconds(), 1.5, 1e-9);
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  writeModelJson(B.M, OS);
  OS.flush();
  EXPECT_NE(Text.find("\"total_seconds\": 1.5"), std::string::npos) << Text;
  EXPECT_NE(Text.find("\"from_local_model\": true"), std::string::npos);
  EXPECT_NE(Text.find("\"why\": "), std::string::npos);
  llvm::Expected<PerformanceModel> Read = parseModel(Text, "m.json");
  ASSERT_TRUE(static_cast<bool>(Read)) << errorToString(Read.takeError());
  EXPECT_NEAR(Read->totalSeconds(), 1.5, 1e-9);
}

TEST(Folding, AFoldedRegionsFactsGoToItsCallers) {
  // work() (Base, region 1) was folded by the runtime after its warm-up:
  // its later visits are main's self time. A's data reaches work()'s
  // control flow (the fact is on region 1): main's time, which now holds
  // work()'s, differs with A, and main gets the local model.
  std::vector<callgraph::CallTrace> Traces;
  for (bool A : {true, false}) {
    callgraph::CallTrace T = run(A, 0.1, A ? "a.json" : "n.json", 128);
    // main: 1 ms own + work's folded visits, 60 ms with A, 20 ms without.
    T.Threads[0].Nodes[0].InclusiveNs += (A ? 60 : 20) * Ms;
    T.Threads[0].Nodes[0].TimedNs += (A ? 60 : 20) * Ms;
    T.FoldedRegions = {1};
    Traces.push_back(std::move(T));
  }
  std::map<unsigned, std::vector<std::string>> Facts{{1, {"A"}}};
  Built B = build(Traces, Facts);
  ASSERT_EQ(B.Runs.FoldedRegions, std::vector<uint32_t>{1});
  ASSERT_EQ(B.M.LocalModels.size(), 1u);
  EXPECT_EQ(B.M.LocalModels[0].Function, "main");
  EXPECT_EQ(B.M.LocalModels[0].Features, std::vector<std::string>{"A"});
  EXPECT_NEAR(
      B.M.predict([](llvm::StringRef F) -> int64_t { return F == "A"; }),
      (1 + 60 + 0.1 + 5) * 1e-3, 1e-9);
  EXPECT_NEAR(B.M.predict([](llvm::StringRef) -> int64_t { return 0; }),
              (1 + 20 + 0.1) * 1e-3, 1e-9);

  // Without the folding (the same times): main has no fact, no local model.
  for (callgraph::CallTrace &T : Traces)
    T.FoldedRegions.clear();
  Built Plain = build(Traces, Facts);
  EXPECT_EQ(Plain.M.LocalModelCount, 0u);
}

} // namespace
