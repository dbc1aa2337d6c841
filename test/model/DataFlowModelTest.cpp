//===- test/model/DataFlowModelTest.cpp - Local models in the model -------===//
//
// A compressor in miniature (the design of samples/compressor): main's block
// loop runs 32 times, or 8 times with BIG (a data-flow influence: BIG sets
// the block size that bounds the loop); each block costs a header in main
// and a call of the selected algorithm (RLE or LZ, behind a feature
// switch), whose cost has a part per block and a part per byte. The
// designed time of every variant is known, so the models can be checked
// against it: the paper's model (each context averaged over its runs)
// misses the X ∧ BIG interactions, the local models find them.
//
//===----------------------------------------------------------------------===//

#include "model/ContextModels.h"
#include "model/LocalModel.h"
#include "model/ModelFile.h"
#include "model/RunObservations.h"
#include "test/callgraph/TraceBuilder.h"
#include "test/model/ModelTestUtil.h"

#include "llvm/Support/raw_ostream.h"

using namespace varsim;
using namespace varsim::model;
using namespace varsim::model::test;
using varsim::callgraph::RegionKind;
using varsim::callgraph::test::TraceBuilder;

namespace {

constexpr double Ms = 1e6; // ns

struct Variant {
  bool Lz = false;
  bool Big = false;
  std::string config() const {
    std::string C = Lz ? "LZ" : "RLE";
    return Big ? C + ",BIG" : C;
  }
  std::set<std::string> selected() const {
    std::set<std::string> S{Lz ? "LZ" : "RLE"};
    if (Big)
      S.insert("BIG");
    return S;
  }
  double blocks() const { return Big ? 8 : 32; }
  double mainSelf() const { return (35 + 0.2 * blocks()) * Ms; }
  double algorithm() const {
    return (Lz ? 1.0 * blocks() + 64 : 0.5 * blocks() + 32) * Ms;
  }
  /// Only with big blocks: a helper called when block_size > 4096.
  double grow() const { return Big ? 3 * Ms : 0; }
  /// The designed time of the variant, in seconds.
  double designed() const {
    return (mainSelf() + (Big ? 2 * Ms : 0) + algorithm() + grow()) * 1e-9;
  }
};

const std::vector<Variant> AllVariants = {
    {false, false}, {false, true}, {true, false}, {true, true}};

/// The region ids of the traces below.
enum : unsigned { Main, BigBlock, Switch, Rle, Lz, Grow };

callgraph::CallTrace traceOf(const Variant &V, double Jitter = 0) {
  TraceBuilder B(V.config(), V.config() + ".json");
  B.region(RegionKind::Function, "main", "1", 1, "main.c");
  B.region(RegionKind::Region, "main", "BIG", 10, "main.c");
  B.region(RegionKind::Switch, "compress", "1", 20, "codec.c");
  B.region(RegionKind::Function, "compress", "RLE", 21, "codec.c");
  B.region(RegionKind::Function, "compress", "LZ", 40, "codec.c");
  B.region(RegionKind::Function, "grow", "1", 60, "main.c");
  B.feature("RLE", !V.Lz).feature("LZ", V.Lz).feature("BIG", V.Big);
  double Algorithm = V.algorithm() + Jitter;
  double Incl = V.mainSelf() + Algorithm + (V.Big ? 2 * Ms : 0) + V.grow();
  int64_t M = B.node(-1, Main, 1, Incl);
  if (V.Big) {
    B.node(M, BigBlock, 1, 2 * Ms);
    B.node(M, Grow, 1, V.grow());
  }
  auto Calls = static_cast<uint64_t>(V.blocks());
  int64_t S = B.node(M, Switch, Calls, Algorithm);
  B.node(S, V.Lz ? Lz : Rle, Calls, Algorithm);
  return B.trace();
}

/// The model of Traces with the data-flow facts Influences (region ->
/// features whose data reaches its control flow).
PerformanceModel
modelWithFacts(const std::vector<callgraph::CallTrace> &Traces,
               std::map<unsigned, std::vector<std::string>> Influences) {
  callgraph::CallGraph G = graphOf(Traces);
  llvm::Expected<RunObservations> Obs = observeRuns(G, Traces);
  EXPECT_TRUE(static_cast<bool>(Obs)) << errorToString(Obs.takeError());
  DataFlowOptions DF;
  DF.Runs = &*Obs;
  DF.Influences = std::move(Influences);
  ModelOptions O;
  O.DataFlow = &DF;
  llvm::Expected<PerformanceModel> M = buildModel(G, O);
  EXPECT_TRUE(static_cast<bool>(M)) << errorToString(M.takeError());
  return std::move(*M);
}

/// The model of the four runs: plain (no DataFlow), from facts (main's
/// control flow depends on BIG), or from the runs alone.
enum class Mode { Plain, Facts, Runs };

PerformanceModel modelOf(Mode How, Simplification S = Simplification::Full,
                         double Jitter = 0) {
  std::vector<callgraph::CallTrace> Traces;
  for (size_t K = 0; K < AllVariants.size(); ++K)
    Traces.push_back(traceOf(AllVariants[K], K == 0 ? Jitter : 0));
  callgraph::CallGraph G = graphOf(Traces);
  ModelOptions O;
  O.Mode = S;
  O.ThresholdSeconds = 1e-9;
  llvm::Expected<RunObservations> Runs = observeRuns(G, Traces);
  EXPECT_TRUE(static_cast<bool>(Runs)) << errorToString(Runs.takeError());
  DataFlowOptions DF;
  DF.Runs = &*Runs;
  // Without facts, main's 4.8 ms difference must count as more than noise.
  DF.NoiseRelative = 0.02;
  if (How == Mode::Facts)
    DF.Influences =
        std::map<unsigned, std::vector<std::string>>{{Main, {"BIG"}}};
  if (How != Mode::Plain)
    O.DataFlow = &DF;
  llvm::Expected<PerformanceModel> M = buildModel(G, O);
  EXPECT_TRUE(static_cast<bool>(M)) << errorToString(M.takeError());
  return std::move(*M);
}

double worstError(const PerformanceModel &M) {
  double Worst = 0;
  for (const Variant &V : AllVariants)
    Worst = std::max(Worst,
                     std::abs(predictSelected(M, V.selected()) - V.designed()) /
                         V.designed());
  return Worst;
}

TEST(DataFlowModel, FactsGiveTheInteractionTerms) {
  PerformanceModel M = modelOf(Mode::Facts);
  std::map<std::string, double> T = termsOf(M);
  EXPECT_NEAR(T["Base"], 0.0414, 1e-12);
  EXPECT_NEAR(T["BIG"], 0.002 + (1.6 - 6.4) * 1e-3 + 0.003, 1e-12);
  EXPECT_NEAR(T["RLE"], 0.048, 1e-12);
  EXPECT_NEAR(T["RLE#BIG"], -0.012, 1e-12);
  EXPECT_NEAR(T["LZ"], 0.096, 1e-12);
  EXPECT_NEAR(T["LZ#BIG"], -0.024, 1e-12);
  EXPECT_EQ(T.size(), 6u);
  for (const Variant &V : AllVariants)
    EXPECT_NEAR(predictSelected(M, V.selected()), V.designed(), 1e-12)
        << V.config();
  EXPECT_EQ(M.DataFlowMode, "facts");
  EXPECT_GT(M.LocalModelCount, 0u);
  ASSERT_FALSE(M.LocalModels.empty());
  // The largest local model first: LZ's, -24 ms with BIG.
  EXPECT_EQ(M.LocalModels.front().Function, "compress");
  EXPECT_EQ(M.LocalModels.front().Features, std::vector<std::string>{"BIG"});
}

TEST(DataFlowModel, ThePlainModelMissesWhatTheDataFlowExplains) {
  PerformanceModel Plain = modelOf(Mode::Plain);
  PerformanceModel Local = modelOf(Mode::Facts);
  // Averaging over BIG splits each interaction (X ∧ BIG, the headers, and
  // grow() which only runs with BIG): every variant is off by exactly what
  // the local models add.
  for (const Variant &V : AllVariants) {
    double Miss = predictSelected(Plain, V.selected()) - V.designed();
    EXPECT_NEAR(std::abs(Miss),
                std::abs(predictSelected(Local, V.selected()) -
                         predictSelected(Plain, V.selected())),
                1e-12);
    EXPECT_GT(std::abs(Miss), 0.005) << V.config();
  }
  EXPECT_GT(worstError(Plain), 0.08);
  EXPECT_LT(worstError(Local), 1e-9);
  EXPECT_EQ(Plain.DataFlowMode, "off");
  EXPECT_TRUE(Plain.LocalModels.empty());
}

TEST(DataFlowModel, WithoutFactsTheRunsExplainTheDifferences) {
  PerformanceModel M = modelOf(Mode::Runs);
  EXPECT_EQ(M.DataFlowMode, "runs");
  std::map<std::string, double> T = termsOf(M);
  EXPECT_NEAR(T["RLE#BIG"], -0.012, 1e-12);
  EXPECT_NEAR(T["LZ#BIG"], -0.024, 1e-12);
  for (const Variant &V : AllVariants)
    EXPECT_NEAR(predictSelected(M, V.selected()), V.designed(), 1e-12);
  // Only BIG explains them (not RLE or LZ, which also differ between the
  // runs that executed main).
  for (const LocalModelSummary &L : M.LocalModels)
    EXPECT_EQ(L.Features, std::vector<std::string>{"BIG"}) << L.Function;
}

TEST(DataFlowModel, NoiseAloneMakesNoLocalModelWithoutFacts) {
  // 0.3 ms of jitter in one run: below the noise threshold (1 ms + 10 %).
  std::vector<callgraph::CallTrace> Traces = {
      traceOf({false, false}), traceOf({false, false}, 0.3 * Ms)};
  Traces[1].Path = "again.json";
  callgraph::CallGraph G = graphOf(Traces);
  llvm::Expected<RunObservations> Runs = observeRuns(G, Traces);
  ASSERT_TRUE(static_cast<bool>(Runs));
  DataFlowOptions DF;
  DF.Runs = &*Runs;
  ModelOptions O;
  O.DataFlow = &DF;
  llvm::Expected<PerformanceModel> M = buildModel(G, O);
  ASSERT_TRUE(static_cast<bool>(M));
  EXPECT_EQ(M->LocalModelCount, 0u);
}

TEST(DataFlowModel, ARegionThatDataSkipsCostsNothingWhereItDoesNotRun) {
  // grow() runs only with BIG, from Base code: its term is Base. The local
  // model sees 0 s in the runs without BIG.
  PerformanceModel Plain = modelOf(Mode::Plain);
  PerformanceModel Local = modelOf(Mode::Facts);
  Variant Small{false, false};
  EXPECT_NEAR(predictSelected(Local, Small.selected()), Small.designed(),
              1e-12);
  EXPECT_GT(
      std::abs(predictSelected(Plain, Small.selected()) - Small.designed()),
      0.001);
  // grow()'s context: 0 s without BIG, 3 ms with it, in its local model.
  bool Found = false;
  for (const LocalModelSummary &L : Local.LocalModels)
    if (L.Function == "grow") {
      Found = true;
      ASSERT_EQ(L.Terms.size(), 2u);
      EXPECT_EQ(L.Terms[0].first, "Base");
      EXPECT_NEAR(L.Terms[0].second, 0, 1e-12);
      EXPECT_EQ(L.Terms[1].first, "BIG");
      EXPECT_NEAR(L.Terms[1].second, 0.003, 1e-12);
      EXPECT_EQ(L.Observations, 4u);
    }
  EXPECT_TRUE(Found);
}

TEST(DataFlowModel, RunObservationsMatchTheMergedGraph) {
  std::vector<callgraph::CallTrace> Traces;
  for (const Variant &V : AllVariants)
    Traces.push_back(traceOf(V));
  callgraph::CallGraph G = graphOf(Traces);
  llvm::Expected<RunObservations> Runs = observeRuns(G, Traces);
  ASSERT_TRUE(static_cast<bool>(Runs));
  EXPECT_EQ(Runs->Unmatched, 0u);
  ASSERT_EQ(Runs->Runs.size(), 4u);
  // Per context, the runs' self times average to the graph's.
  std::vector<double> Sum(G.size(), 0), Count(G.size(), 0);
  for (const RunObservation &R : Runs->Runs)
    for (const auto &[C, Ns] : R.SelfNs) {
      Sum[C] += Ns;
      ++Count[C];
    }
  for (callgraph::Vertex V = 0; V < G.size(); ++V) {
    ASSERT_EQ(Count[V], G[V].Runs);
    EXPECT_NEAR(Sum[V] / Count[V], G[V].SelfNs, 1e-6);
  }
  EXPECT_EQ(Runs->Runs[1].Config, "RLE,BIG");
  EXPECT_EQ(Runs->Runs[1].valueOf("BIG"), 1);
  EXPECT_EQ(Runs->Runs[0].valueOf("BIG"), 0);
}

TEST(DataFlowModel, PaperModeAppendsTheLocalAtoms) {
  PerformanceModel M = modelOf(Mode::Facts, Simplification::Paper);
  std::map<std::string, double> T = termsOf(M);
  EXPECT_NEAR(T["RLE#BIG"], -0.012, 1e-12);
  for (const Variant &V : AllVariants)
    EXPECT_NEAR(predictSelected(M, V.selected()), V.designed(), 1e-12);
}

TEST(DataFlowModel, ModelJsonPredictsWithTheSameTerms) {
  PerformanceModel M = modelOf(Mode::Facts);
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  writeModelJson(M, OS);
  OS.flush();
  EXPECT_NE(Text.find("\"data_flow_model\": \"facts\""), std::string::npos);
  EXPECT_NE(Text.find("\"local_models\""), std::string::npos);
  llvm::Expected<PerformanceModel> Read = parseModel(Text, "m.json");
  ASSERT_TRUE(static_cast<bool>(Read)) << errorToString(Read.takeError());
  for (const Variant &V : AllVariants)
    EXPECT_NEAR(predictSelected(*Read, V.selected()), V.designed(), 1e-9);
}

TEST(DataFlowModel, NumericFeaturesGetTermsByValue) {
  // LEVEL (numeric) sets a loop bound in main: 10, 30, 70 ms at 0, 1, 2.
  std::vector<callgraph::CallTrace> Traces;
  const double Costs[] = {10, 30, 70};
  for (int Level = 0; Level < 3; ++Level) {
    TraceBuilder B("LEVEL=" + std::to_string(Level),
                   "l" + std::to_string(Level) + ".json");
    B.region(RegionKind::Function, "main", "1", 1, "main.c");
    B.feature("LEVEL", Level, /*Numeric=*/true);
    B.node(-1, 0, 1, Costs[Level] * Ms);
    Traces.push_back(B.trace());
  }
  callgraph::CallGraph G = graphOf(Traces);
  llvm::Expected<RunObservations> Runs = observeRuns(G, Traces);
  ASSERT_TRUE(static_cast<bool>(Runs));
  DataFlowOptions DF;
  DF.Runs = &*Runs;
  DF.Influences = std::map<unsigned, std::vector<std::string>>{{0, {"LEVEL"}}};
  ModelOptions O;
  O.DataFlow = &DF;
  llvm::Expected<PerformanceModel> M = buildModel(G, O);
  ASSERT_TRUE(static_cast<bool>(M)) << errorToString(M.takeError());
  std::map<std::string, double> T = termsOf(*M);
  // One term per value, 0 included (0 is a value, not "unselected").
  EXPECT_EQ(T.count("Base"), 0u);
  EXPECT_NEAR(T["LEVEL == 0"], 0.010, 1e-12);
  EXPECT_NEAR(T["LEVEL == 1"], 0.030, 1e-12);
  EXPECT_NEAR(T["LEVEL == 2"], 0.070, 1e-12);
  // The values' terms exclude each other: shares are relative to the
  // slowest configuration, never to their sum.
  EXPECT_NEAR(M->totalSeconds(), 0.070, 1e-12);
  for (const Term &Tm : M->Terms)
    EXPECT_TRUE(Tm.FromLocalModel) << Tm.name();
  for (int Level = 0; Level < 3; ++Level)
    EXPECT_NEAR(M->predict([&](llvm::StringRef) -> int64_t { return Level; }),
                Costs[Level] * 1e-3, 1e-12);
}

// test/accuracy/depth_limit in miniature: main's self time holds the range
// walk, whose depth cap MAX_DEPTH (numeric, 0 = no cap) sets, and the leaf
// counting of LEAF_STATS in an unmarked callee, which costs much more
// without the cap (the walk reaches the leaves) than with one. The plan
// runs main under every combination of the two (plan/Requirements.cpp):
// from those 8 runs the local model predicts every variant; from the
// 4 runs planned before (LEAF_STATS on and off, but never at one
// MAX_DEPTH) it cannot tell the leaf counting from the cap's values.
TEST(DataFlowModel, ATimedFeatureAndANumericFactFeatureAreFittedTogether) {
  const int64_t Depths[] = {0, 12, 16, 20};
  const double WalkMs[] = {190, 68, 74, 107};
  const double LeavesMs[] = {66, 5, 5, 1};
  auto Designed = [&](bool Leaf, size_t D) {
    return (WalkMs[D] + (Leaf ? LeavesMs[D] : 0)) * 1e-3;
  };
  auto ModelOf = [&](const std::vector<std::pair<bool, size_t>> &Runs) {
    std::vector<callgraph::CallTrace> Traces;
    // Three repetitions each, 0.25 ms apart (the noise is measured).
    for (int Rep = 0; Rep < 3; ++Rep)
      for (auto [Leaf, D] : Runs) {
        std::string Config = (Leaf ? "LEAF_STATS,MAX_DEPTH=" : "MAX_DEPTH=") +
                             std::to_string(Depths[D]);
        TraceBuilder B(Config, Config + "." + std::to_string(Rep) + ".json");
        B.region(RegionKind::Function, "main", "1", 1, "bst.c");
        B.feature("LEAF_STATS", Leaf);
        B.feature("MAX_DEPTH", Depths[D], /*Numeric=*/true);
        B.node(-1, 0, 1, (Designed(Leaf, D) * 1e3 + 0.25 * Rep) * Ms);
        Traces.push_back(B.trace());
      }
    return modelWithFacts(Traces, {{0, {"LEAF_STATS", "MAX_DEPTH"}}});
  };
  auto Predict = [&](const PerformanceModel &M, bool Leaf, size_t D) {
    return M.predict([&](llvm::StringRef Name) -> int64_t {
      return Name == "LEAF_STATS" ? Leaf : Depths[D];
    });
  };
  std::vector<std::pair<bool, size_t>> Product;
  for (bool Leaf : {false, true})
    for (size_t D = 0; D < 4; ++D)
      Product.push_back({Leaf, D});
  PerformanceModel All = ModelOf(Product);
  for (auto [Leaf, D] : Product)
    EXPECT_NEAR(Predict(All, Leaf, D), Designed(Leaf, D) + 0.25e-3, 0.3e-3)
        << "LEAF_STATS=" << Leaf << ", MAX_DEPTH=" << Depths[D];
  // The plan before: LEAF_STATS changes only together with MAX_DEPTH.
  PerformanceModel Apart =
      ModelOf({{false, 0}, {true, 1}, {true, 2}, {true, 3}});
  EXPECT_GT(std::abs(Predict(Apart, true, 0) - Designed(true, 0)), 0.05);
}

} // namespace

// Lua's interpreter loop in miniature: the rewrite copied `execute` per
// value of J (LUA_USE_JUMPTABLE; each copy keeps the original's line), and
// assertions (A) and hard stack tests (H) cost time in both copies. The
// plan ran the J copy under every combination of A and H, the other copy
// only with both off or both on. Fitted alone, that copy's model could not
// tell A from H and gave one of them both's time (the !J,A variants 15-23 %
// off); fitted with its clone, the features' effects come from every run.
TEST(DataFlowModel, ClonesShareTheFeaturesEffects) {
  auto Designed = [](bool J, bool A, bool H) {
    double Execute = J ? 100 + 30 * A + 20 * H : 130 + 36 * A + 24 * H;
    return (5 + Execute) * 1e-3;
  };
  struct Run {
    bool J, A, H;
  };
  const std::vector<Run> Planned = {{true, false, false},  {true, true, false},
                                    {true, false, true},   {true, true, true},
                                    {false, false, false}, {false, true, true}};
  std::vector<callgraph::CallTrace> Traces;
  for (int Rep = 0; Rep < 3; ++Rep)
    for (const Run &R : Planned) {
      std::string Config =
          std::string(R.J ? "J" : "") + (R.A ? ",A" : "") + (R.H ? ",H" : "");
      TraceBuilder B(Config, Config + "." + std::to_string(Rep) + ".json");
      B.region(RegionKind::Function, "main", "1", 1, "lvm.c");
      B.region(RegionKind::Function, "execute", "J", 10, "lvm.c");
      B.region(RegionKind::Function, "execute", "!J", 10, "lvm.c");
      B.feature("J", R.J).feature("A", R.A).feature("H", R.H);
      double Execute = (Designed(R.J, R.A, R.H) - 5e-3) * 1e9 + 0.1 * Rep * Ms;
      int64_t M = B.node(-1, 0, 1, 5 * Ms + Execute);
      B.node(M, R.J ? 1 : 2, 1, Execute);
      Traces.push_back(B.trace());
    }
  PerformanceModel M =
      modelWithFacts(Traces, {{1, {"A", "H"}}, {2, {"A", "H"}}});
  for (bool J : {false, true})
    for (bool A : {false, true})
      for (bool H : {false, true}) {
        double Predicted = M.predict([&](llvm::StringRef Name) -> int64_t {
          return Name == "J" ? J : Name == "A" ? A : H;
        });
        EXPECT_NEAR(Predicted / Designed(J, A, H), 1, 0.05)
            << "J=" << J << " A=" << A << " H=" << H;
      }
  // Both copies have a local model, and say why they share it.
  unsigned Copies = 0;
  for (const LocalModelSummary &L : M.LocalModels)
    if (L.Function.rfind("execute", 0) == 0) {
      ++Copies;
      EXPECT_NE(L.Why.find("other copies of its code"), std::string::npos)
          << L.Why;
    }
  EXPECT_EQ(Copies, 2u);
}

// A copy seen in one configuration only: `concat` copied per K, the !K
// copy run in the configuration A alone, whose run fell in a slow phase
// of the machine (10 % slow, its repetitions agreeing). The copies cost
// the same (100 ms, +30 ms with A). An indicator of the copy fitted to
// its one observation would take the phase's +13 ms as the copy's own
// cost; it takes the family's model instead.
TEST(DataFlowModel, ACopySeenInOneConfigurationTakesItsFamilysModel) {
  struct Run {
    bool K, A, B;
    double Drift;
  };
  const std::vector<Run> Planned = {{true, false, false, 1.0},
                                    {true, true, false, 1.0},
                                    {true, false, true, 1.0},
                                    {true, true, true, 1.0},
                                    {false, true, false, 1.1}};
  std::vector<callgraph::CallTrace> Traces;
  for (int Rep = 0; Rep < 3; ++Rep)
    for (const Run &R : Planned) {
      std::string Config =
          std::string(R.K ? "K" : "") + (R.A ? ",A" : "") + (R.B ? ",B" : "");
      TraceBuilder B(Config, Config + "." + std::to_string(Rep) + ".json");
      B.region(RegionKind::Function, "main", "1", 1, "lvm.c");
      B.region(RegionKind::Function, "concat", "K", 10, "lvm.c");
      B.region(RegionKind::Function, "concat", "!K", 10, "lvm.c");
      B.feature("K", R.K).feature("A", R.A).feature("B", R.B);
      double Concat = ((100 + 30 * R.A) * R.Drift + 0.1 * Rep) * Ms;
      int64_t M = B.node(-1, 0, 1, 5 * Ms + Concat);
      B.node(M, R.K ? 1 : 2, 1, Concat);
      Traces.push_back(B.trace());
    }
  callgraph::CallGraph G = graphOf(Traces);
  llvm::Expected<RunObservations> Obs = observeRuns(G, Traces);
  ASSERT_TRUE(static_cast<bool>(Obs)) << errorToString(Obs.takeError());
  DataFlowOptions DF;
  DF.Runs = &*Obs;
  DF.Influences = std::map<unsigned, std::vector<std::string>>{{1, {"A", "B"}},
                                                               {2, {"A", "B"}}};
  unsigned Copies = 0;
  for (const ContextModel &C : buildContextModels(G, DF)) {
    const callgraph::TraceRegion &R = G.regions()[G[C.Context].Region];
    if (R.Function != "concat")
      continue;
    ++Copies;
    for (bool A : {false, true}) {
      std::vector<int64_t> Values;
      for (const std::string &F : C.Features)
        Values.push_back(F == "A" ? A : 0);
      EXPECT_NEAR(evaluateLocalModel(C.Terms, Values) * 1e3, 100 + 30 * A, 2)
          << R.ConditionText << " A=" << A;
    }
    EXPECT_NE(C.Why.find("single configuration"), std::string::npos) << C.Why;
  }
  EXPECT_EQ(Copies, 2u);
}
