//===- test/model/UnmarkedCodeTest.cpp - Unmarked feature code as influences
//===//

#include "model/UnmarkedCode.h"

#include "llvm/Support/JSON.h"

#include "gtest/gtest.h"

using namespace varsim::model;

namespace {

llvm::json::Object parse(llvm::StringRef Text) {
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(Text);
  EXPECT_TRUE(bool(V));
  return std::move(*V->getAsObject());
}

TEST(UnmarkedCode, EntriesBecomeInfluencesOfTheirTimingRegions) {
  llvm::json::Object M = parse(R"({"unmarked_code": [
    {"kind": "switch", "function": "at", "features": ["WRAP"],
     "timed_in": [3, 5]},
    {"kind": "region", "function": "main", "features": ["CLAMP", "WRAP"],
     "timed_in": [5]},
    {"kind": "switch", "function": "lost", "features": ["X"],
     "timed_in": []}]})");
  auto I = unmarkedCodeInfluences(M, "manifest.json");
  ASSERT_TRUE(bool(I)) << llvm::toString(I.takeError());
  RegionInfluences Expected{{3, {"WRAP"}}, {5, {"CLAMP", "WRAP"}}};
  EXPECT_EQ(*I, Expected);
}

TEST(UnmarkedCode, OlderManifestHasNone) {
  auto I = unmarkedCodeInfluences(parse(R"({"regions": []})"), "m.json");
  ASSERT_TRUE(bool(I));
  EXPECT_TRUE(I->empty());
}

TEST(UnmarkedCode, MalformedEntriesAreErrors) {
  for (const char *Bad :
       {R"({"unmarked_code": {}})", R"({"unmarked_code": [{"features": []}]})",
        R"({"unmarked_code": [{"features": [1], "timed_in": [0]}]})",
        R"({"unmarked_code": [{"features": ["A"], "timed_in": [-1]}]})"}) {
    auto I = unmarkedCodeInfluences(parse(Bad), "m.json");
    ASSERT_FALSE(bool(I)) << Bad;
    EXPECT_NE(llvm::toString(I.takeError()).find("m.json"), std::string::npos);
  }
}

TEST(UnmarkedCode, MergeIsASortedUnion) {
  RegionInfluences Into{{1, {"A", "C"}}, {2, {"B"}}};
  mergeInfluences(Into, {{1, {"B", "C"}}, {4, {"D"}}});
  RegionInfluences Expected{{1, {"A", "B", "C"}}, {2, {"B"}}, {4, {"D"}}};
  EXPECT_EQ(Into, Expected);
}

TEST(UnmarkedCode, UnreadableManifestIsAnError) {
  auto I = loadUnmarkedCodeInfluences("/nonexistent/manifest.json");
  ASSERT_FALSE(bool(I));
  EXPECT_NE(llvm::toString(I.takeError()).find("/nonexistent/manifest.json"),
            std::string::npos);
}

} // namespace
