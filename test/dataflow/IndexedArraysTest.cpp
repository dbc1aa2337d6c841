//===- test/dataflow/IndexedArraysTest.cpp - Arrays no pointer reaches ----===//
//
// Field sensitivity for array members and arrays (dataflow/IndexedArrays.cpp):
// an array that is only indexed and measured is its own cell, not memory of
// its element type; once anything points into it, it is that memory both
// ways. Each with a program where the fact must appear and one where it must
// not.
//
//===----------------------------------------------------------------------===//

#include "Snippets.h"

#include <gmock/gmock.h>

using namespace varsim::dataflow;
using namespace varsim::dataflow::test;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

// Two array members of one struct (Mbed TLS's GCM tables HH and HL): a
// feature writes HL, which decays to a pointer somewhere; HH is only ever
// indexed. A decision on HH is not influenced (no pointer reaches its
// elements, so `unsigned long` memory is not its memory); one on HL, or on
// memory read through any `unsigned long *`, is.
constexpr const char *TwoTables = R"(
struct Tables { unsigned long HH[4]; unsigned long HL[4]; };
struct Tables t;
unsigned long sum(const unsigned long *p, int n) {
  VARSIM_REGION(0);
  unsigned long s = 0;
  for (int i = 0; i < n; ++i)
    s += p[i];
  return s;
}
int main(void) {
  VARSIM_REGION(1);
  for (int i = 0; i < 4; ++i) {
    t.HH[i] = i;
    t.HL[i] = i;
  }
  if (VARSIM_F_A) {
    VARSIM_REGION(2);
    t.HL[0] = 9;
  }
  unsigned long s = sum(t.HL, 4);
  DECISION
  return (int)s;
}
)";

std::string deciding(const char *Decision) {
  std::string Code = TwoTables;
  Code.replace(Code.find("DECISION"), 8, Decision);
  return Code;
}

TEST(Fields, AFeatureWritingOneArrayMemberDoesNotDecideOnTheOther) {
  DataFlowFacts F = analyze(
      deciding("for (unsigned long i = 0; i < t.HH[1]; ++i) s++;"), true);
  EXPECT_THAT(F.featuresOf(1), IsEmpty());
  EXPECT_THAT(F.featuresOf(0), IsEmpty()); // sum's loop bound is n.
}

TEST(Fields, AFeatureWritingAnArrayMemberDecidesOnItAndItsPointers) {
  EXPECT_THAT(analyze(deciding("if (t.HL[1] > 3) s++;"), true).featuresOf(1),
              ElementsAre("A"));
  EXPECT_THAT(analyze(deciding("if (s > 3) s++;"), true).featuresOf(1),
              ElementsAre("A")); // Read through sum's pointer.
  // Once HH decays too, a pointer may reach it: its elements are memory.
  EXPECT_THAT(
      analyze(deciding("s += sum(t.HH, 4); if (t.HH[1] > 3) s++;"), true)
          .featuresOf(1),
      ElementsAre("A"));
}

TEST(Fields, AGlobalArrayOnlyIndexedIsNotMemoryOfItsType) {
  // A feature fills one global table; another, only indexed, decides.
  const char *Code = R"(
unsigned fwd[4], rev[4];
void fill(unsigned *p) { VARSIM_REGION(0); p[0] = 1; }
int main(void) {
  VARSIM_REGION(1);
  if (VARSIM_F_A) {
    VARSIM_REGION(2);
    fwd[0] = 7;
    fill(fwd);
  }
  int s = 0;
  for (unsigned i = 0; i < rev[0]; ++i)
    s++;
  for (unsigned i = 0; i < FWD; ++i)
    s++;
  return s;
}
)";
  std::string Rev = Code;
  Rev.replace(Rev.find("FWD"), 3, "0");
  EXPECT_THAT(analyze(Rev, true).featuresOf(1), IsEmpty());
  std::string Fwd = Code;
  Fwd.replace(Fwd.find("FWD"), 3, "fwd[1]");
  EXPECT_THAT(analyze(Fwd, true).featuresOf(1), ElementsAre("A"));
  // In C++ an element may bind to a reference: every array is memory.
  EXPECT_THAT(analyze(Rev).featuresOf(1), ElementsAre("A"));
}

} // namespace
