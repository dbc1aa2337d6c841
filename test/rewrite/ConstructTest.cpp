//===- test/rewrite/ConstructTest.cpp - Each construct, variant vs simulator
//-===//
//
// Each test writes a small program, rewrites it, builds the simulator from
// OUT and compares it with every variant compiled from the original sources
// with -D flags (same stdout, same exit code).
//
//===----------------------------------------------------------------------===//

#include "test/common/RewriteHarness.h"

#include "llvm/Support/JSON.h"

#include "gtest/gtest.h"

using namespace varsim::rewrite;
using namespace varsim::rewrite::test;

namespace {

std::string model(const std::string &Features,
                  const std::string &Constraints = "") {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<featureModel>\n"
         "  <struct>\n    <and abstract=\"true\" mandatory=\"true\" "
         "name=\"Root\">\n" +
         Features + "    </and>\n  </struct>\n" +
         (Constraints.empty()
              ? ""
              : "  <constraints>\n" + Constraints + "  </constraints>\n") +
         "</featureModel>\n";
}

std::string features(std::initializer_list<const char *> Names) {
  std::string S;
  for (const char *N : Names)
    S += std::string("      <feature name=\"") + N + "\"/>\n";
  return S;
}

/// Rewrites Files (with model.xml) and checks every configuration.
void expectEquivalent(std::map<std::string, std::string> Files, bool Cxx,
                      Granularity G = Granularity::Region) {
  TempProject P(std::move(Files), Cxx);
  std::string Err = P.rewrite(G);
  ASSERT_EQ(Err, "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

const char *StatementBlocks = R"(#include <stdio.h>
int main(void) {
  int n = 1;
#ifdef A
  n += 10;
#ifndef B
  n *= 3;
#endif
#elif defined(B) && !defined(C)
  n += 100;
#else
  n -= 1;
#endif
  printf("n=%d\n", n);
  return n % 7;
}
)";

TEST(RewriteConstructs, StatementBlocksC) {
  expectEquivalent({{"main.c", StatementBlocks},
                    {"model.xml", model(features({"A", "B", "C"}))}},
                   false);
}

TEST(RewriteConstructs, StatementBlocksCxx) {
  expectEquivalent({{"main.cpp", StatementBlocks},
                    {"model.xml", model(features({"A", "B", "C"}))}},
                   true);
}

TEST(RewriteConstructs, StatementBlocksFunctionGranularity) {
  expectEquivalent({{"main.c", StatementBlocks},
                    {"model.xml", model(features({"A", "B", "C"}))}},
                   false, Granularity::Function);
}

const char *NumericLevel = R"(#include <stdio.h>
int main(void) {
  int v = 0;
#if LEVEL >= 2
  v += 2;
#endif
#if LEVEL == 3 && defined(A)
  v += 30;
#endif
  printf("%d\n", v);
  return 0;
}
)";

std::string numericModel() {
  return "<?xml version=\"1.0\"?>\n<vm name=\"m\">\n<binaryOptions>\n"
         "<configurationOption><name>root</name><outputString>root"
         "</outputString><prefix></prefix><postfix></postfix><parent>"
         "</parent><impliedOptions/><excludedOptions/><defaultValue>Selected"
         "</defaultValue><optional>False</optional></configurationOption>\n"
         "<configurationOption><name>A</name><outputString>A</outputString>"
         "<prefix></prefix><postfix></postfix><parent>root</parent>"
         "<impliedOptions/><excludedOptions/><defaultValue>Selected"
         "</defaultValue><optional>True</optional></configurationOption>\n"
         "</binaryOptions>\n<numericOptions>\n<configurationOption><name>LEVEL"
         "</name><outputString>LEVEL</outputString><prefix></prefix><postfix>"
         "</postfix><parent>root</parent><impliedOptions/><excludedOptions/>"
         "<minValue>1</minValue><maxValue>3</maxValue><stepFunction>LEVEL + 1"
         "</stepFunction></configurationOption>\n</numericOptions>\n</vm>\n";
}

TEST(RewriteConstructs, NumericFeatureConditions) {
  TempProject P({{"main.c", NumericLevel}, {"model.xml", numericModel()}});
  std::string Err = P.rewrite();
  if (Err.find("model.xml") != std::string::npos)
    GTEST_SKIP() << "SPL Conqueror numeric options not readable: " << Err;
  ASSERT_EQ(Err, "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

const char *Declarations = R"(#include <stdio.h>
int main(void) {
#ifdef BIG
  int n = 3;
  long scale = 1000;
#else
  int n = 1;
#endif
  int total = 0;
  for (int i = 0; i < n; ++i) {
#ifdef BIG
    total += (int)scale;
#else
    total += 1;
#endif
  }
  printf("%d %d\n", n, total);
  return n;
}
)";

TEST(RewriteConstructs, DeclarationsInBlocksAreHoistedC) {
  expectEquivalent(
      {{"main.c", Declarations}, {"model.xml", model(features({"BIG"}))}},
      false);
}

TEST(RewriteConstructs, DeclarationsInBlocksAreHoistedCxx) {
  expectEquivalent(
      {{"main.cpp", Declarations}, {"model.xml", model(features({"BIG"}))}},
      true);
}

const char *WholeDeclarations = R"(#include <stdio.h>
#ifdef LOG
static int logged = 0;
struct Entry { int code; };
static void log_it(int c) { struct Entry e = {c}; logged += e.code; printf("log %d\n", c); }
#endif
int work(int x) {
#ifdef LOG
  log_it(x);
#endif
  return x * 2;
}
int main(void) {
  int r = work(3) + work(4);
#ifdef LOG
  printf("logged %d\n", logged);
#endif
  printf("%d\n", r);
  return 0;
}
)";

TEST(RewriteConstructs, ConditionalDeclarationsCompiledAlwaysC) {
  expectEquivalent(
      {{"main.c", WholeDeclarations}, {"model.xml", model(features({"LOG"}))}},
      false);
}

TEST(RewriteConstructs, ConditionalDeclarationsCompiledAlwaysCxx) {
  expectEquivalent({{"main.cpp", WholeDeclarations},
                    {"model.xml", model(features({"LOG"}))}},
                   true);
}

const char *FeatureSwitch = R"(#include <stdio.h>
static int before(int a, int b) { return a < b; }
#ifdef FAST
static int sum(const int *v, int n) {
  if (n == 0) return 0;
  return v[0] + sum(v + 1, n - 1);
}
#else
static int sum(const int *v, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) s += v[i];
  printf("slow\n");
  return s;
}
#endif
int main(void) {
  int v[] = {1, 2, 3, 4};
  printf("%d %d\n", sum(v, 4), before(1, 2));
  return 0;
}
)";

TEST(RewriteConstructs, FeatureSwitchC) {
  expectEquivalent(
      {{"main.c", FeatureSwitch}, {"model.xml", model(features({"FAST"}))}},
      false);
}

TEST(RewriteConstructs, FeatureSwitchCxx) {
  expectEquivalent(
      {{"main.cpp", FeatureSwitch}, {"model.xml", model(features({"FAST"}))}},
      true);
}

TEST(RewriteConstructs, FeatureSwitchIsRecordedAsRenaming) {
  TempProject P(
      {{"main.c", FeatureSwitch}, {"model.xml", model(features({"FAST"}))}});
  ASSERT_EQ(P.rewrite(), "");
  std::string Manifest = P.readOut("manifest.json");
  EXPECT_NE(Manifest.find("\"renamed\": \"sum__varsim_FAST\""),
            std::string::npos)
      << Manifest;
  EXPECT_NE(Manifest.find("\"renamed\": \"sum__varsim_not_FAST\""),
            std::string::npos);
  EXPECT_NE(Manifest.find("\"kind\": \"switch\""), std::string::npos);
}

const char *MacroPerFeature = R"(#include <stdio.h>
#ifdef BIG
#define N 4096
#define SCALE(x) ((x) * 2)
#else
#define N 512
#define SCALE(x) ((x) + 1)
#endif
int main(void) {
  long total = 0;
  for (int i = 0; i < N; ++i)
    total += SCALE(i);
  printf("%d %ld\n", N, total);
  return 0;
}
)";

TEST(RewriteConstructs, MacroPerFeatureSelectedAtRunTimeC) {
  expectEquivalent(
      {{"main.c", MacroPerFeature}, {"model.xml", model(features({"BIG"}))}},
      false);
}

TEST(RewriteConstructs, MacroPerFeatureSelectedAtRunTimeCxx) {
  expectEquivalent(
      {{"main.cpp", MacroPerFeature}, {"model.xml", model(features({"BIG"}))}},
      true);
}

TEST(RewriteConstructs, ConstraintsRestrictConfigurations) {
  std::string Alt =
      "      <alt mandatory=\"true\" name=\"Codec\">\n"
      "        <feature name=\"GZIP\"/>\n        <feature name=\"LZ4\"/>\n"
      "      </alt>\n";
  expectEquivalent({{"main.c", R"(#include <stdio.h>
int main(void) {
#if defined(GZIP)
  puts("gzip");
#elif defined(LZ4)
  puts("lz4");
#else
  puts("none");
#endif
#if defined(GZIP) && defined(LZ4)
#error "exclusive"
#endif
  return 0;
}
)"},
                    {"model.xml", model(Alt)}},
                   false);
}

TEST(RewriteConstructs, CaseLabelInsideConditionalIsHandledOrDiagnosed) {
  TempProject P({{"main.c", R"(#include <stdio.h>
int main(int argc, char **argv) {
  switch (argc) {
  case 1:
#ifdef A
    puts("one");
#endif
    break;
  default:
    break;
  }
  return 0;
}
)"},
                 {"model.xml", model(features({"A"}))}});
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

// Undisciplined annotations (construct 5) and declarations that cannot be
// hoisted (construct 2): the function is duplicated per configuration.
TEST(RewriteConstructs, UndisciplinedExpressionLiftedIntoCopiesC) {
  TempProject P({{"main.c", R"(#include <stdio.h>
static int price(int base) {
  int total = base
#ifdef A
      + base / 5
#endif
#if defined(B)
      - 3
#endif
      ;
#ifdef A
  printf("tax\n");
#endif
  return total;
}
int main(void) {
  int s = 0;
  for (int i = 1; i < 4; ++i)
    s += price(i * 10);
  printf("%d\n", s);
  if (s > 1
#ifdef B
      && s < 0
#endif
  )
    return 1;
  return 2;
}
)"},
                 {"model.xml", model(features({"A", "B"}))}});
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
  std::string Manifest = P.readOut("manifest.json");
  EXPECT_NE(Manifest.find("\"renamed\": \"price__varsim_A_and_B\""),
            std::string::npos);
  EXPECT_NE(Manifest.find("\"renamed\": \"main__varsim_not_B\""),
            std::string::npos);
  // Line numbers are those of the original (#line around the copies).
  std::string Out = P.readOut("src/main.c");
  EXPECT_NE(Out.find("#line 2\n"), std::string::npos);
}

TEST(RewriteConstructs, ElseLabelsAndDestructedObjectsLiftedCxx) {
  TempProject P({{"main.cpp", R"(#include <cstdio>
#include <string>
struct Loud {
  std::string n;
  explicit Loud(const char *s) : n(s) { std::printf("in %s\n", s); }
  ~Loud() { std::printf("out %s\n", n.c_str()); }
};
struct Box {
  int get(int x) const {
    if (x > 2) {
      return 1;
    }
#ifdef A
    else if (x == 1) {
      return 5;
    }
#endif
    else {
      return 0;
    }
  }
};
static int walk(int n) {
  int i = 0, acc = 0;
again:
  acc += i;
#ifdef B
  Loud guard("b");
  if (++i < n)
    goto again;
  int a = 1, b = 2;
#else
  int a = 3, b = 4;
#endif
  return acc + a * b;
}
int main() {
  Box box;
  std::printf("%d %d %d\n", box.get(1), box.get(3), walk(3));
  return walk(2);
}
)"},
                 {"model.xml", model(features({"A", "B"}))}},
                /*Cxx=*/true);
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

TEST(RewriteConstructs, LiftedCopiesWithFunctionGranularity) {
  expectEquivalent(
      {{"main.c", "#include <stdio.h>\nint main(void) {\n  int x = 1\n"
                  "#ifdef A\n  + 1\n#endif\n  ;\n  printf(\"%d\\n\", x);\n"
                  "#ifdef B\n  x += 4;\n#endif\n  return x;\n}\n"},
       {"model.xml", model(features({"A", "B"}))}},
      false, Granularity::Function);
}

// Construct 4 for members: the variants of a member function are merged
// into one definition that dispatches between their bodies.
const char *MemberPerFeature = R"(#include <cstdio>
struct Shape {
  int r = 3;
#ifdef A
  int area() const { return 3 * r * r; }
#else
  // rough
  int area() const { return r * r; }
#endif
  int scale(int k) const;
};
#if defined(B)
int Shape::scale(int k) const { return k * area(); }
#elif defined(A)
int Shape::scale(int k) const {
  int t = k + 1;
  return t * area();
}
#else
int Shape::scale(int k) const { return k; }
#endif
int main() {
  Shape s;
  std::printf("%d %d\n", s.area(), s.scale(2));
  return s.scale(1) % 50;
}
)";

// The merged definition dispatches without a marker of its own, as a free
// function's switch: a switch marker never folds, and a short hot member
// paid a recorded visit per call (RapidJSON's writer, docs/realworld.md).
TEST(RewriteConstructs, MemberFunctionPerFeatureIsMerged) {
  TempProject P({{"main.cpp", MemberPerFeature},
                 {"model.xml", model(features({"A", "B"}))}},
                /*Cxx=*/true);
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
  std::string Source = P.readOut("src/main.cpp");
  EXPECT_NE(Source.find("int area() const { if (VARSIM_F_A) { VARSIM_REGION("),
            std::string::npos)
      << Source;
  llvm::Expected<llvm::json::Value> Manifest = P.readManifest();
  ASSERT_TRUE(bool(Manifest));
  const llvm::json::Object &Root = *Manifest->getAsObject();
  for (const llvm::json::Value &R : *Root.getArray("regions"))
    EXPECT_NE(R.getAsObject()->getString("kind"), "switch");
}

// `--granularity all` keeps the merged member's switch marker.
TEST(RewriteConstructs, MergedMemberKeepsItsSwitchMarkerWithEveryMarker) {
  TempProject P({{"main.cpp", MemberPerFeature},
                 {"model.xml", model(features({"A", "B"}))}},
                /*Cxx=*/true);
  ASSERT_EQ(P.rewrite(Granularity::All), "");
  std::string Source = P.readOut("src/main.cpp");
  EXPECT_NE(Source.find("int area() const { VARSIM_REGION("), std::string::npos)
      << Source;
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

TEST(RewriteConstructs, MemberVariantsWithCodeBetweenAreRefused) {
  TempProject P({{"main.cpp", R"(struct S {
#ifdef A
  int f() const { return 1; }
  int g() const { return 2; }
#else
  int f() const { return 3; }
#endif
};
int main() { return S().f(); }
)"},
                 {"model.xml", model(features({"A", "B"}))}},
                /*Cxx=*/true);
  std::string Err = P.rewrite();
  EXPECT_NE(Err.find("main.cpp:6:"), std::string::npos) << Err;
  EXPECT_NE(Err.find("other code lies between"), std::string::npos) << Err;
}

// A condition mixing a feature with platform macros: the platform part is
// decided by the preprocessor, the feature part at run time; code for
// another platform stays out of the build.
TEST(RewriteConstructs, FeatureMixedWithPlatformMacros) {
  TempProject P({{"main.c", R"(#include <stdio.h>
#if defined(__linux__) && !defined(A)
#define SYSTEM "linux"
#else
#define SYSTEM "other"
#endif
int main(void) {
  int n = 1;
#if defined(A) && defined(_WIN32)
  n = WinOnlyFunction();
#elif defined(B) && defined(__linux__) && __STDC_VERSION__ >= 199901L
  n += 10;
#else
  n += 100;
#endif
  printf("%s %d %d\n", SYSTEM, n, __LINE__);
  return n % 50;
}
)"},
                 {"model.xml", model(features({"A", "B"}))}});
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

} // namespace
