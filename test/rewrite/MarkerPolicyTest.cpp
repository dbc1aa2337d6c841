//===- test/rewrite/MarkerPolicyTest.cpp - Feature code without markers ---===//
//
// Feature switches and tiny feature blocks get no marker (their clock reads
// cost more than the code), the manifest says where they are timed, every
// variant still equals the simulator, and `--granularity all` keeps every
// marker.
//
//===----------------------------------------------------------------------===//

#include "rewrite/MarkerPolicy.h"
#include "test/common/RewriteHarness.h"

#include "llvm/Support/JSON.h"

#include "gtest/gtest.h"

using namespace varsim::rewrite;
using namespace varsim::rewrite::test;

namespace {

TEST(MarkerPolicy, TinyBlocks) {
  EXPECT_TRUE(isTinyBlock("\n    if (v > 1.0f)\n      v = 1.0f;\n    else if "
                          "(v < -1.0f)\n      v = -1.0f;\n"));
  EXPECT_TRUE(isTinyBlock("  c += 1ul << 32; /* for(;;) call() */\n"));
  EXPECT_TRUE(isTinyBlock("  n = (int)sizeof(x) + (unsigned)y;\n"));
  EXPECT_TRUE(isTinyBlock("  s = \"while (f())\";\n"));
  // A call, a function-like macro, a loop, an exit, a nested directive.
  EXPECT_FALSE(isTinyBlock("  log_hit(key);\n"));
  EXPECT_FALSE(isTinyBlock("  v = CLAMP (v, 0, 1);\n"));
  EXPECT_FALSE(isTinyBlock("  while (n) --n;\n"));
  EXPECT_FALSE(isTinyBlock("  if (found) return cached;\n"));
  EXPECT_FALSE(isTinyBlock("  if (found) break;\n"));
  EXPECT_FALSE(isTinyBlock("  if (x) goto out;\n"));
  EXPECT_FALSE(isTinyBlock("#if LEVEL > 1\n  a = 1;\n#endif\n"));
  EXPECT_FALSE(isTinyBlock("  p = new int;\n"));
  // More than a few statements.
  EXPECT_FALSE(isTinyBlock("a=1;b=2;c=3;d=4;e=5;f=6;g=7;\n"));
  // Nothing costs nothing.
  EXPECT_TRUE(isTinyBlock(""));
}

TEST(MarkerPolicy, CallsOf) {
  auto Calls =
      callsOf("int x = f(1) + g (2); /* f(3) */ h(\"f(\"); f_(0);", {"f", "g"});
  ASSERT_EQ(Calls.size(), 2u);
  EXPECT_EQ(Calls[0], std::make_pair(std::string("f"), 8u));
  EXPECT_EQ(Calls[1].first, "g");
}

/// A hot one-line accessor per feature, called in a loop, and a clamp
/// block in a filter's inner loop.
const char *HotCode = R"(#include <stdio.h>
#ifdef WRAP
static inline int at(const int *v, int n, int i) { return v[(i + n) % n]; }
#else
static inline int at(const int *v, int n, int i) {
  if (i < 0 || i >= n)
    return 0;
  return v[i];
}
#endif
static int window(const int *v, int n, int i) {
  int s = 0;
  for (int d = -1; d <= 1; ++d)
    s += at(v, n, i + d);
  return s;
}
int main(void) {
  int v[8] = {5, -9, 3, 12, 7, -1, 4, 2}, out[8];
  for (int i = 0; i < 8; ++i) {
    int s = window(v, 8, i);
#ifdef CLAMP
    if (s > 10)
      s = 10;
    else if (s < -10)
      s = -10;
#endif
    out[i] = s;
  }
  for (int i = 0; i < 8; ++i)
    printf("%d ", out[i]);
  printf("\n");
  return 0;
}
)";

std::string modelXml() {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<featureModel>\n"
         "  <struct>\n    <and abstract=\"true\" mandatory=\"true\" "
         "name=\"Root\">\n      <feature name=\"WRAP\"/>\n"
         "      <feature name=\"CLAMP\"/>\n    </and>\n  </struct>\n"
         "</featureModel>\n";
}

/// The region id of the function marker of Name, or -1.
int64_t functionRegion(const llvm::json::Object &Manifest,
                       llvm::StringRef Name) {
  for (const llvm::json::Value &V : *Manifest.getArray("regions")) {
    const llvm::json::Object *R = V.getAsObject();
    if (R->getString("kind") == "function" && R->getString("function") == Name)
      return *R->getInteger("id");
  }
  return -1;
}

TEST(MarkerPolicy, SwitchAndTinyBlockAreTimedInTheirCallers) {
  TempProject P({{"main.c", HotCode}, {"model.xml", modelXml()}});
  ASSERT_EQ(P.rewrite(), "");
  std::string Source = P.readOut("src/main.c");
  // The switch dispatches without a marker, the small loop around it has
  // none (its time is main's), the clamp has none either.
  size_t Switch = Source.find("static inline int at(const int *v, int n, "
                              "int i) { if (");
  ASSERT_NE(Switch, std::string::npos) << Source;
  EXPECT_GT(Source.find("VARSIM_REGION", Switch), Source.find("int main"))
      << Source;
  EXPECT_EQ(Source.find("if (VARSIM_F_CLAMP) { VARSIM_REGION"),
            std::string::npos)
      << Source;
  llvm::Expected<llvm::json::Value> Manifest = P.readManifest();
  ASSERT_TRUE(bool(Manifest));
  const llvm::json::Object &Root = *Manifest->getAsObject();
  EXPECT_EQ(functionRegion(Root, "window"), -1);
  int64_t Main = functionRegion(Root, "main");
  ASSERT_GE(Main, 0);
  const llvm::json::Array *Unmarked = Root.getArray("unmarked_code");
  ASSERT_NE(Unmarked, nullptr);
  bool SawSwitch = false, SawBlock = false;
  for (const llvm::json::Value &V : *Unmarked) {
    const llvm::json::Object &U = *V.getAsObject();
    const llvm::json::Array &Features = *U.getArray("features");
    const llvm::json::Array &TimedIn = *U.getArray("timed_in");
    ASSERT_EQ(Features.size(), 1u);
    ASSERT_EQ(TimedIn.size(), 1u);
    if (U.getString("kind") == "switch") {
      SawSwitch = true;
      EXPECT_EQ(U.getString("function"), "at");
      EXPECT_EQ(Features[0].getAsString(), "WRAP");
      EXPECT_EQ(TimedIn[0].getAsInteger(), Main); // window's caller.
    } else {
      SawBlock = true;
      EXPECT_EQ(U.getString("kind"), "region");
      EXPECT_EQ(Features[0].getAsString(), "CLAMP");
      EXPECT_EQ(TimedIn[0].getAsInteger(), Main);
    }
  }
  EXPECT_TRUE(SawSwitch);
  EXPECT_TRUE(SawBlock);
  // The differential guarantee.
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

/// A specialization under a feature of a namespace's function template,
/// called by an unqualified-looking qualified name from a Base loop.
const char *SpecializedScan = R"(#include <cstddef>
#include <cstdio>
namespace text {
struct Source {
  const char *Pos, *Head;
  std::size_t tell() const { return static_cast<std::size_t>(Pos - Head); }
};
template <typename S> bool scan(S &In, std::size_t Length) {
  return In.tell() < Length;
}
#ifdef FAST
template <> inline bool scan(Source &In, std::size_t Length) {
  while (In.tell() + 1 < Length && *In.Pos != '"')
    ++In.Pos;
  return In.tell() < Length;
}
#endif
} // namespace text
int count(const char *S, std::size_t N) {
  int Quotes = 0;
  text::Source In{S, S};
  while (text::scan(In, N)) {
    if (*In.Pos == '"')
      ++Quotes;
    ++In.Pos;
  }
  return Quotes;
}
int main() {
  const char T[] = "say \"a\" and \"b\"";
  std::printf("%d\n", count(T, sizeof T - 1));
  return 0;
}
)";

TEST(MarkerPolicy, VariantRunningThePrimaryIsTimedInItsCallers) {
  TempProject P({{"main.cpp", SpecializedScan},
                 {"model.xml",
                  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<featureModel>"
                  "<struct><and abstract=\"true\" mandatory=\"true\" "
                  "name=\"Root\"><feature name=\"FAST\"/></and></struct>"
                  "</featureModel>\n"}},
                /*Cxx=*/true);
  ASSERT_EQ(P.rewrite(), "");
  std::string Source = P.readOut("src/main.cpp");
  // The specialization keeps its marker; the variant calling the primary's
  // copy has none.
  size_t Fallback = Source.find("return scan__varsim_primary");
  ASSERT_NE(Fallback, std::string::npos) << Source;
  size_t Open = Source.rfind('{', Fallback);
  EXPECT_EQ(Source.substr(Open, Fallback - Open).find("VARSIM_REGION"),
            std::string::npos)
      << Source;
  llvm::Expected<llvm::json::Value> Manifest = P.readManifest();
  ASSERT_TRUE(bool(Manifest));
  const llvm::json::Object &Root = *Manifest->getAsObject();
  // The qualified switch's call (`text::scan(`) is found: its caller keeps
  // its marker and times the variant with FAST on and off.
  int64_t Count = functionRegion(Root, "count");
  ASSERT_GE(Count, 0) << P.readOut("manifest.json");
  bool SawSwitch = false;
  for (const llvm::json::Value &V : *Root.getArray("unmarked_code")) {
    const llvm::json::Object &U = *V.getAsObject();
    if (U.getString("kind") != "switch")
      continue;
    SawSwitch = true;
    EXPECT_EQ(U.getString("function"), "text::scan");
    const llvm::json::Array &TimedIn = *U.getArray("timed_in");
    ASSERT_EQ(TimedIn.size(), 1u);
    EXPECT_EQ(TimedIn[0].getAsInteger(), Count);
    EXPECT_EQ((*U.getArray("features"))[0].getAsString(), "FAST");
  }
  EXPECT_TRUE(SawSwitch) << P.readOut("manifest.json");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

TEST(MarkerPolicy, GranularityAllKeepsEveryMarker) {
  TempProject P({{"main.c", HotCode}, {"model.xml", modelXml()}});
  ASSERT_EQ(P.rewrite(Granularity::All), "");
  std::string Source = P.readOut("src/main.c");
  EXPECT_NE(Source.find("int i) { VARSIM_REGION("), std::string::npos)
      << Source;
  EXPECT_NE(Source.find("if (VARSIM_F_CLAMP) { VARSIM_REGION("),
            std::string::npos)
      << Source;
  EXPECT_NE(P.readOut("manifest.json").find("\"unmarked_code\": []"),
            std::string::npos);
}

} // namespace
