//===- test/rewrite/CopiedMacrosTest.cpp - Numeric options in headers -----===//
//
// Kernel-style numeric options: a loop-header macro defined per option
// value (rewrite/CopiedMacros.cpp: each function using it copied per
// configuration) and an option's value as a file-scope array bound
// (globals: a variable per configuration, not a start-up initialization);
// each simulator compared with every variant.
//
//===----------------------------------------------------------------------===//

#include "test/common/RewriteHarness.h"

#include "gtest/gtest.h"

using namespace varsim::rewrite::test;

namespace {

/// LEVEL in 1..3 (numeric), A optional.
std::string levelModel() {
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

const char *Config = R"(#ifndef CONFIG_H
#define CONFIG_H
#ifndef LEVEL
#define LEVEL 1
#endif
#if LEVEL == 1
#define for_each_slot(i) for ((i) = 0; (i) < 1; (i)++)
#else
#define for_each_slot(i) for ((i) = LEVEL - 1; (i) >= 0; (i)--)
#endif
#endif
)";

// Without CopiedMacros.cpp: refused ("neither an expression nor a
// statement ... the header of a 'for' statement").
TEST(CopiedMacros, LoopHeaderMacroPerNumericOption) {
  TempProject P({{"config.h", Config},
                 {"main.c", R"(#include <stdio.h>
#include "config.h"
static int weights[8];
static int sum(void) {
  int i, s = 0;
  for_each_slot(i) s += weights[i] * (i + 1);
  return s;
}
int main(void) {
  int i;
  for_each_slot(i) {
    weights[i] = 10 + i;
    printf("slot %d\n", i);
  }
#ifdef A
  printf("A\n");
#endif
  printf("sum %d\n", sum());
  return sum() % 50;
}
)"},
                 {"model.xml", levelModel()}});
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

// Without the array-bound rule in globals/ItemClosure.cpp: refused ("used
// in an array bound outside a function body").
TEST(CopiedMacros, NumericOptionAsFileScopeArrayBound) {
  TempProject P({{"config.h", "#ifndef LEVEL\n#define LEVEL 1\n#endif\n"},
                 {"main.c", R"(#include <stdio.h>
#include "config.h"
static int ticks[LEVEL];
int main(void) {
  for (int t = 0; t < 7; t++)
    ticks[t % LEVEL] += t;
  printf("%d slots, last %d, size %d\n", LEVEL, ticks[LEVEL - 1],
         (int)sizeof ticks);
  return ticks[0];
}
)"},
                 {"model.xml", levelModel()}});
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

} // namespace
