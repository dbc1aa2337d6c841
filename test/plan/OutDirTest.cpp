//===- test/plan/OutDirTest.cpp - Facts and plans of an OUT directory -----===//
//
// A hand-made output of `varsim rewrite`: a manifest, a feature model, a
// simulator source (with a mock of the generated header) and its compile
// database.
//
//===----------------------------------------------------------------------===//

#include "plan/OutDir.h"
#include "plan/Coverage.h"

#include "support/Diagnostic.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <tuple>

using namespace varsim;
using namespace varsim::plan;

namespace {

constexpr llvm::StringLiteral Model = R"(<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <feature name="A"/><feature name="B"/>
  </and></struct></featureModel>)";

constexpr llvm::StringLiteral Header = R"(
extern long long varsim_feature_values[8];
#define VARSIM_F_A (varsim_feature_values[0])
#define VARSIM_F_B (varsim_feature_values[1])
struct varsim_scope_guard {
  explicit varsim_scope_guard(unsigned region) { (void)region; }
};
#define VARSIM_CAT2(a, b) a##b
#define VARSIM_CAT(a, b) VARSIM_CAT2(a, b)
#define VARSIM_REGION(id) \
  varsim_scope_guard VARSIM_CAT(varsim_scope_, __COUNTER__)(id)
)";

// A sets the bound of main's loop; B only has code of its own.
constexpr llvm::StringLiteral Simulator = R"(#include "varsim_generated.h"
int main() {
  VARSIM_REGION(0);
  int size = 1;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    size = 10;
  }
  if (VARSIM_F_B) {
    VARSIM_REGION(2);
  }
  int s = 0;
  for (int i = 0; i < size; ++i)
    s++;
  return 0;
}
)";

class OutDirTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("varsim-outdir", Out));
    write("model.xml", Model);
    write("src/varsim_generated.h", Header);
    write("src/main.cc", Simulator);
    llvm::json::Array Db;
    Db.push_back(
        llvm::json::Object{{"directory", path("src")},
                           {"file", path("src/main.cc")},
                           {"arguments", llvm::json::Array{"c++", "-std=c++17",
                                                           "-c", "main.cc"}}});
    write("compile_commands.json",
          llvm::formatv("{0:2}", llvm::json::Value(std::move(Db))).str());
    llvm::json::Array Regions;
    const char *Conditions[] = {"1", "A", "B"};
    for (int Id = 0; Id < 3; ++Id)
      Regions.push_back(llvm::json::Object{{"id", Id},
                                           {"kind", Id ? "region" : "function"},
                                           {"function", "main"},
                                           {"condition", Conditions[Id]},
                                           {"file", "main.cc"},
                                           {"line", 2 + 4 * Id}});
    llvm::json::Object Manifest{
        {"format", "varsim-manifest"},
        {"version", 1},
        {"feature_model", llvm::json::Object{{"path", "model.xml"}}},
        {"features", llvm::json::Array{llvm::json::Object{{"name", "A"}},
                                       llvm::json::Object{{"name", "B"}}}},
        {"regions", std::move(Regions)},
        {"default_config", ""},
        {"dataflow", llvm::json::Array{}},
        {"kept", "by storeDataFlowFacts"}};
    write("manifest.json",
          llvm::formatv("{0:2}", llvm::json::Value(std::move(Manifest))).str());
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Out); }

  std::string path(llvm::StringRef Rel) const {
    llvm::SmallString<256> P(Out);
    llvm::sys::path::append(P, Rel);
    return std::string(P);
  }
  void write(llvm::StringRef Rel, llvm::StringRef Text) {
    std::string P = path(Rel);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    ASSERT_FALSE(EC) << EC.message();
    OS << Text;
  }
  llvm::json::Value manifest() const {
    auto Buffer = llvm::MemoryBuffer::getFile(path("manifest.json"));
    EXPECT_TRUE(static_cast<bool>(Buffer));
    auto V = llvm::json::parse((*Buffer)->getBuffer());
    EXPECT_TRUE(static_cast<bool>(V));
    return V ? std::move(*V) : llvm::json::Value(nullptr);
  }

  /// The features of region 0's (main's) data-flow facts once main's
  /// condition is Condition and feature A of kind KindOfA (its range 0..1
  /// when ZeroOrOne), main a clone per A (main__varsim_not_A beside it).
  std::vector<std::string> factsOfMainWith(llvm::StringRef Condition,
                                           llvm::StringRef KindOfA,
                                           bool ZeroOrOne = false) {
    llvm::json::Value V = manifest();
    llvm::json::Object &Root = *V.getAsObject();
    (*(*Root.getArray("regions"))[0].getAsObject())["condition"] =
        Condition.str();
    llvm::json::Object &A = *(*Root.getArray("features"))[0].getAsObject();
    A["kind"] = KindOfA.str();
    if (ZeroOrOne) {
      A["min"] = 0;
      A["max"] = 1;
    }
    // Its other clone (no code of its own here).
    if (Root.getArray("regions")->size() == 3)
      Root.getArray("regions")->push_back(
          llvm::json::Object{{"id", 3},
                             {"kind", "function"},
                             {"function", "main__varsim_not_A"},
                             {"condition", "!A"},
                             {"file", "main.cc"},
                             {"line", 2}});
    write("manifest.json", llvm::formatv("{0:2}", V).str());
    auto Loaded = loadDataFlowFacts(Out, llvm::nulls());
    EXPECT_TRUE(static_cast<bool>(Loaded)) << errorToString(Loaded.takeError());
    return Loaded ? Loaded->Facts.featuresOf(0) : std::vector<std::string>{};
  }

  llvm::SmallString<256> Out;
};

TEST_F(OutDirTest, StoreDataFlowFactsWritesThemIntoTheManifest) {
  std::string Log;
  llvm::raw_string_ostream LogStream(Log);
  llvm::Error E = storeDataFlowFacts(Out, &LogStream);
  ASSERT_FALSE(static_cast<bool>(E)) << errorToString(std::move(E));
  EXPECT_NE(Log.find("1 region(s)"), std::string::npos) << Log;

  llvm::json::Value V = manifest();
  const llvm::json::Object *Root = V.getAsObject();
  ASSERT_TRUE(Root);
  EXPECT_EQ(Root->getString("kept"), "by storeDataFlowFacts");
  EXPECT_EQ(Root->getArray("regions")->size(), 3u);
  const llvm::json::Object *Facts = Root->getObject("dataflow");
  ASSERT_TRUE(Facts);
  EXPECT_EQ(Facts->getInteger("version"), 1);

  // Read back: from the manifest now, without analysing again.
  std::string Notes;
  llvm::raw_string_ostream NoteStream(Notes);
  auto Loaded = loadDataFlowFacts(Out, NoteStream);
  ASSERT_TRUE(static_cast<bool>(Loaded)) << errorToString(Loaded.takeError());
  EXPECT_TRUE(Loaded->FromManifest);
  EXPECT_TRUE(Notes.empty()) << Notes;
  EXPECT_EQ(Loaded->Regions, 3u);
  EXPECT_EQ(Loaded->Facts.featuresOf(0), std::vector<std::string>{"A"});
  EXPECT_TRUE(Loaded->Facts.featuresOf(2).empty());
}

TEST_F(OutDirTest, WithoutStoredFactsTheyAreComputedWithANote) {
  std::string Notes;
  llvm::raw_string_ostream NoteStream(Notes);
  auto Loaded = loadDataFlowFacts(Out, NoteStream);
  ASSERT_TRUE(static_cast<bool>(Loaded)) << errorToString(Loaded.takeError());
  EXPECT_FALSE(Loaded->FromManifest);
  EXPECT_NE(Notes.find("has no data-flow facts"), std::string::npos);
  EXPECT_EQ(Loaded->Facts.featuresOf(0), std::vector<std::string>{"A"});
  EXPECT_TRUE(isOutDir(Out));
  EXPECT_FALSE(isOutDir(path("src")));
}

TEST_F(OutDirTest, ThePlanStartsWithTheDefaultWhereItCostsNoRun) {
  std::string Notes;
  llvm::raw_string_ostream NoteStream(Notes);
  auto In = loadPlanInput(Out, {}, NoteStream);
  ASSERT_TRUE(static_cast<bool>(In)) << errorToString(In.takeError());
  ASSERT_TRUE(In->DefaultConfig.has_value());
  auto P = planOutDir(*In);
  ASSERT_TRUE(static_cast<bool>(P)) << errorToString(P.takeError());
  // main's loop depends on A: runs with and without A; the one without A
  // is the default (no optional feature).
  ASSERT_EQ(P->Runs.size(), 2u);
  EXPECT_EQ(P->Runs[0].ConfigString, "");
  EXPECT_TRUE(P->FirstIsDefault);
  EXPECT_EQ(P->Runs[1].ConfigString, "A,B");
}

// life_accessor: `at` defined per #ifdef B / #else becomes two renamed
// variants without markers of their own and a feature switch (region 3,
// condition 1). The plan runs both variants, and the switch's region gets
// a control fact of B (its time is the variants').
TEST_F(OutDirTest, AFeatureSwitchOfUnmarkedVariantsIsCoveredAndInfluenced) {
  llvm::json::Value V = manifest();
  llvm::json::Object &Root = *V.getAsObject();
  Root.getArray("regions")->push_back(llvm::json::Object{{"id", 3},
                                                         {"kind", "switch"},
                                                         {"function", "at"},
                                                         {"condition", "1"},
                                                         {"file", "main.cc"},
                                                         {"line", 20}});
  llvm::json::Array Renamings;
  for (auto [Renamed, Condition, Line] :
       {std::tuple{"at__varsim_B", "B", 14}, {"at__varsim_not_B", "!B", 17}})
    Renamings.push_back(llvm::json::Object{{"original", "at"},
                                           {"renamed", Renamed},
                                           {"condition", Condition},
                                           {"file", "main.cc"},
                                           {"line", Line}});
  Root["renamings"] = std::move(Renamings);
  write("manifest.json", llvm::formatv("{0:2}", V).str());

  auto In = loadPlanInput(Out, {}, llvm::nulls());
  ASSERT_TRUE(static_cast<bool>(In)) << errorToString(In.takeError());
  EXPECT_EQ(In->Facts.featuresOf(3), std::vector<std::string>{"B"});
  auto P = planOutDir(*In);
  ASSERT_TRUE(static_cast<bool>(P)) << errorToString(P.takeError());
  bool WithB = false, WithoutB = false;
  for (const PlannedRun &R : P->Runs) {
    bool B = R.Config.Selected[*In->Model.findByName("B")];
    WithB |= B;
    WithoutB |= !B;
  }
  EXPECT_TRUE(WithB && WithoutB);
  unsigned Variants = 0;
  for (const RegionToCover &R : In->Regions)
    Variants += R.IsVariant;
  EXPECT_EQ(Variants, 2u);
}

// The rewrite's "unmarked_code": the switch `at` (per B) has no marker and
// its time is step's (region 3, condition 1). Even the plain plan (no
// data-flow facts), which otherwise runs once with everything on, must
// run step with B on and with B off, and the report says why.
TEST_F(OutDirTest, UnmarkedCodeMakesItsTimedInRegionsRunWithFeatureOnAndOff) {
  llvm::json::Value V = manifest();
  llvm::json::Object &Root = *V.getAsObject();
  Root.getArray("regions")->push_back(llvm::json::Object{{"id", 3},
                                                         {"kind", "function"},
                                                         {"function", "step"},
                                                         {"condition", "1"},
                                                         {"file", "main.cc"},
                                                         {"line", 30}});
  Root["unmarked_code"] = llvm::json::Array{
      llvm::json::Object{{"kind", "switch"},
                         {"function", "at"},
                         {"condition", "B | !B"},
                         {"features", llvm::json::Array{"B"}},
                         {"file", path("src/main.cc")},
                         {"line", 20},
                         {"timed_in", llvm::json::Array{3, 99}}}};
  write("manifest.json", llvm::formatv("{0:2}", V).str());

  OutDirOptions Plain;
  Plain.NoDataFlow = true;
  auto In = loadPlanInput(Out, Plain, llvm::nulls());
  ASSERT_TRUE(static_cast<bool>(In)) << errorToString(In.takeError());
  EXPECT_EQ(In->Facts.featuresOf(3), std::vector<std::string>{"B"});
  EXPECT_TRUE(In->Facts.featuresOf(0).empty());
  auto Step = llvm::find_if(In->Regions, [](const RegionToCover &R) {
    return R.Id == 3 && !R.IsVariant;
  });
  ASSERT_NE(Step, In->Regions.end());
  EXPECT_EQ(Step->TimedFeatures, std::vector<std::string>{"B"});
  auto P = planOutDir(*In);
  ASSERT_TRUE(static_cast<bool>(P)) << errorToString(P.takeError());
  bool WithB = false, WithoutB = false;
  for (const PlannedRun &R : P->Runs) {
    bool B = R.Config.Selected[*In->Model.findByName("B")];
    WithB |= B;
    WithoutB |= !B;
  }
  EXPECT_TRUE(WithB && WithoutB) << P->Runs.size() << " run(s)";

  auto Coverage = factCoverage(In->Model, In->Regions, *P);
  ASSERT_TRUE(static_cast<bool>(Coverage))
      << errorToString(Coverage.takeError());
  ASSERT_EQ(Coverage->size(), 1u);
  EXPECT_EQ((*Coverage)[0].Region, 3u);
  EXPECT_EQ((*Coverage)[0].Feature, "B");
  EXPECT_TRUE((*Coverage)[0].Missing.empty());
  EXPECT_FALSE((*Coverage)[0].RunsByValue[0].empty());
  EXPECT_FALSE((*Coverage)[0].RunsByValue[1].empty());

  std::string Report;
  llvm::raw_string_ostream ReportStream(Report);
  dataflow::printReport(In->Facts, ReportStream, In->RegionLabels);
  EXPECT_NE(Report.find("unmarked feature switch at (main.cc:20) timed in "
                        "step"),
            std::string::npos)
      << Report;
}

TEST_F(OutDirTest, ABadUnmarkedCodeEntryIsALocatedError) {
  llvm::json::Value V = manifest();
  (*V.getAsObject())["unmarked_code"] = llvm::json::Array{
      llvm::json::Object{{"kind", "region"},
                         {"features", llvm::json::Array{"A"}},
                         {"timed_in", llvm::json::Array{"main"}}}};
  write("manifest.json", llvm::formatv("{0:2}", V).str());
  OutDirOptions Plain;
  Plain.NoDataFlow = true;
  auto In = loadPlanInput(Out, Plain, llvm::nulls());
  ASSERT_FALSE(static_cast<bool>(In));
  std::string Message = errorToString(In.takeError());
  EXPECT_NE(Message.find("manifest.json"), std::string::npos) << Message;
  EXPECT_NE(Message.find("timed_in"), std::string::npos) << Message;
}

TEST_F(OutDirTest, AMissingManifestIsALocatedError) {
  auto Loaded = loadDataFlowFacts(path("nowhere"), llvm::nulls());
  ASSERT_FALSE(static_cast<bool>(Loaded));
  EXPECT_NE(errorToString(Loaded.takeError()).find("manifest.json"),
            std::string::npos);
  llvm::Error E = storeDataFlowFacts(path("nowhere"), nullptr);
  EXPECT_TRUE(static_cast<bool>(E));
  llvm::consumeError(std::move(E));
}

// A header the project's build generated into its build directory: the
// simulator's command names it under OUT/build (empty until the simulator's
// own build regenerates it); the analysis finds it in the original build
// directory, which the manifest names. Without it, the analysis fails.
TEST_F(OutDirTest, HeadersGeneratedIntoTheBuildDirectoryAreFound) {
  write("orig/build/generated/sizes.h", "#define TABLE_SIZE 10\n");
  write("src/main.cc", std::string("#include \"sizes.h\"\n") + Simulator.str());
  llvm::json::Array Db;
  Db.push_back(llvm::json::Object{
      {"directory", path("src")},
      {"file", path("src/main.cc")},
      {"arguments",
       llvm::json::Array{"c++", "-std=c++17", "-I", path("build/generated"),
                         "-c", "main.cc"}}});
  write("compile_commands.json",
        llvm::formatv("{0:2}", llvm::json::Value(std::move(Db))).str());

  llvm::Error Missing = storeDataFlowFacts(Out, nullptr);
  ASSERT_TRUE(static_cast<bool>(Missing));
  llvm::consumeError(std::move(Missing));

  llvm::json::Value V = manifest();
  (*V.getAsObject())["compile_commands"] =
      path("orig/build/compile_commands.json");
  write("manifest.json", llvm::formatv("{0:2}", std::move(V)).str());
  llvm::Error E = storeDataFlowFacts(Out, nullptr);
  ASSERT_FALSE(static_cast<bool>(E)) << errorToString(std::move(E));
  auto Loaded = loadDataFlowFacts(Out, llvm::nulls());
  ASSERT_TRUE(static_cast<bool>(Loaded)) << errorToString(Loaded.takeError());
  EXPECT_EQ(Loaded->Facts.featuresOf(0), std::vector<std::string>{"A"});
}

} // namespace

// A function region that exists only under its condition (a clone per
// configuration: function regions sharing a definition's line) fixes the
// boolean literals of that condition: A, which sets main's loop bound,
// decides nothing in a main that runs only with A.
TEST_F(OutDirTest, AFunctionsConditionFixesItsLiteralsForTheAnalysis) {
  EXPECT_EQ(factsOfMainWith("A && !B", "bool"), std::vector<std::string>{});
  EXPECT_EQ(factsOfMainWith("!(B) && (A)", "bool"), std::vector<std::string>{});
  // Not a conjunct: A may be off where main runs.
  EXPECT_EQ(factsOfMainWith("A || B", "bool"), std::vector<std::string>{"A"});
  EXPECT_EQ(factsOfMainWith("!(A && B)", "bool"),
            std::vector<std::string>{"A"});
  // A numeric feature as a literal is "not 0": its value is not fixed.
  EXPECT_EQ(factsOfMainWith("A", "numeric"), std::vector<std::string>{"A"});
  // A clone per value of a numeric feature (RapidJSON's `main` per
  // RAPIDJSON_WRITE_DEFAULT_FLAGS) fixes it; a range does not.
  EXPECT_EQ(factsOfMainWith("A == 1", "numeric"), std::vector<std::string>{});
  EXPECT_EQ(factsOfMainWith("(1 == A) && !B", "numeric"),
            std::vector<std::string>{});
  EXPECT_EQ(factsOfMainWith("A >= 1", "numeric"),
            std::vector<std::string>{"A"});
  EXPECT_EQ(factsOfMainWith("A == B", "numeric"),
            std::vector<std::string>{"A"});
  // `!A` is A == 0 (Lua's `luaV_execute` per LUA_USE_JUMPTABLE).
  EXPECT_EQ(factsOfMainWith("!A", "numeric"), std::vector<std::string>{});
}

TEST_F(OutDirTest, ANumericLiteralFixesAFeatureOfZeroOrOne) {
  // A numeric literal is "not 0", which fixes A only if its values are 0
  // and 1.
  EXPECT_EQ(factsOfMainWith("A", "numeric"), std::vector<std::string>{"A"});
  EXPECT_EQ(factsOfMainWith("A", "numeric", /*ZeroOrOne=*/true),
            std::vector<std::string>{});
}
