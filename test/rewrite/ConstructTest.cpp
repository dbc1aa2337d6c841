//===- test/rewrite/ConstructTest.cpp - Each construct, variant vs simulator
//-===//
//
// Each test writes a small program, rewrites it, builds the simulator from
// OUT and compares it with every variant compiled from the original sources
// with -D flags (same stdout, same exit code).
//
//===----------------------------------------------------------------------===//

#include "RewriteHarness.h"

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

} // namespace
