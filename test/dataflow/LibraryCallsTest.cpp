//===- test/dataflow/LibraryCallsTest.cpp - Calls of unknown code --------===//
//
// Library calls (no body in the program): what they write is the object a
// pointer argument points to (not the pointer), what they read is their
// input and the state of the objects they work on, and output calls keep
// nothing the program reads back. Each rule with a program where the fact
// must disappear and one where it must stay.
//
//===----------------------------------------------------------------------===//

#include "Snippets.h"

#include <gmock/gmock.h>

using namespace varsim::dataflow;
using namespace varsim::dataflow::test;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

constexpr const char *Stdio = R"(
typedef struct Stream Stream;
extern Stream *out, *in;
int fprintf(Stream *, const char *, ...);
unsigned long fread(void *, unsigned long, unsigned long, Stream *);
int fgetc(Stream *);
void *memset(void *, int, unsigned long);
unsigned long strlen(const char *);
)";

// --- Writes through a pointer argument ---------------------------------------

TEST(LibraryCalls, AWriteThroughAFieldPointerIsNotAWriteOfTheField) {
  // memset changes the bytes `l.buf` points to; the field Loader::buf (a
  // pointer compared in the loop) keeps its value.
  DataFlowFacts F = analyze(std::string(Stdio) + R"(
struct Loader { char *buf; };
int main(void) {
  VARSIM_REGION(0);
  struct Loader l;
  char store[64];
  l.buf = store;
  int fill = 1;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    fill = 2;
  }
  memset(l.buf, fill, 8);
  int n = 0;
  for (char *p = l.buf; p < l.buf + 8; ++p)
    ++n;
  return n;
})",
                            /*C=*/true);
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
}

TEST(LibraryCalls, TheBytesWrittenThroughThePointerStillCarryTheFeature) {
  // The same write, read back by a loop over the buffer's contents.
  DataFlowFacts F = analyze(std::string(Stdio) + R"(
struct Loader { char *buf; };
int main(void) {
  VARSIM_REGION(0);
  struct Loader l;
  char store[64];
  l.buf = store;
  int fill = 1;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    fill = 2;
  }
  memset(l.buf, fill, 8);
  int n = 0;
  for (int i = 0; l.buf[i] != 0; ++i)
    ++n;
  return n;
})",
                            /*C=*/true);
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
}

// --- Reads through a pointer argument ----------------------------------------

TEST(LibraryCalls, AConstInputIsReadThroughItsPointer) {
  // strlen reads the string a feature wrote (through another pointer): its
  // length is the feature's.
  DataFlowFacts F = analyze(std::string(Stdio) + R"(
char name[16];
int main(void) {
  VARSIM_REGION(0);
  char *w = name;
  w[0] = 'a';
  if (VARSIM_F_B) {
    VARSIM_REGION(1);
    w[1] = 'b';
  }
  int n = 0;
  for (unsigned long i = 0; i < strlen(name); ++i)
    ++n;
  return n;
})",
                            /*C=*/true);
  EXPECT_THAT(F.featuresOf(0), ElementsAre("B"));
}

// --- Output ------------------------------------------------------------------

TEST(LibraryCalls, AChecksumPrintedAtTheEndDecidesNothing) {
  // Printing a feature's checksum to a stream does not make later reads of
  // that stream (or of any other) depend on the feature.
  DataFlowFacts F = analyze(std::string(Stdio) + R"(
unsigned checksum;
void work(void) {
  VARSIM_REGION(2);
  int n = 0;
  while (fgetc(out) != -1)
    ++n;
}
int main(void) {
  VARSIM_REGION(0);
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    checksum = 7;
  }
  fprintf(out, "%u\n", checksum);
  work();
  return 0;
})",
                            /*C=*/true);
  EXPECT_THAT(F.featuresOf(2), IsEmpty());
  EXPECT_THAT(functionFeatures(F, "work"), IsEmpty());
}

TEST(LibraryCalls, AnInputCallMovesTheStreamThatALaterReadSees) {
  // Reading a feature-sized block advances the stream: what the next read
  // returns depends on the feature.
  DataFlowFacts F = analyze(std::string(Stdio) + R"(
unsigned long block = 16;
void work(void) {
  VARSIM_REGION(2);
  int n = 0;
  while (fgetc(in) != -1)
    ++n;
}
int main(void) {
  VARSIM_REGION(0);
  char buf[64];
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    block = 32;
  }
  fread(buf, 1, block, in);
  work();
  return 0;
})",
                            /*C=*/true);
  EXPECT_THAT(F.featuresOf(2), ElementsAre("A"));
}

} // namespace
