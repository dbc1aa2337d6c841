//===- test/safety/RealisticTest.cpp - The realistic programs of C1/C2 ----===//
//
// test/realistic/c_slab and cpp_wordfreq (QA's programs, read only) run
// through the pass: each of their silent mismatches must be refused, at the
// construct, and nothing else.
//
//===----------------------------------------------------------------------===//

#include "SafetyHarness.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <cstdio>

using namespace varsim::rewrite::safety::test;
using ::testing::HasSubstr;

namespace {

size_t count(const std::string &Text, const std::string &What) {
  size_t N = 0;
  for (size_t P = Text.find(What); P != std::string::npos;
       P = Text.find(What, P + 1))
    ++N;
  return N;
}

SafetyRun checkRealistic(const char *Name, bool Cxx) {
  std::string Dir = std::string(VARSIM_SOURCE_ROOT) + "/test/realistic/" + Name;
  std::map<std::string, std::string> Files = readDirectory(Dir);
  Files.erase("corpus.json");
  ProjectOptions O;
  O.Cxx = Cxx;
  O.Jobs = 2;
  SafetyRun R = checkProject(Files, {}, O);
  // For the figures in the report: the pass's own time.
  std::printf("[ safety ] %s: %u parses, %.3f s\n%s", Name, R.Parses, R.Seconds,
              R.Errors.c_str());
  return R;
}

TEST(SafetyRealistic, Slab) {
  SafetyRun R = checkRealistic("c_slab", false);
  EXPECT_THAT(R.Errors,
              HasSubstr("/slab.c:20:29: error: 'sizeof(struct slab_slot)' "
                        "depends on the configuration: the simulator holds "
                        "the members of every variant (members 'guard_front' "
                        "under SLAB_DEBUG at slab.h:24, 'owner_line' under "
                        "SLAB_DEBUG at slab.h:25)"));
  // The allocator also reads a slot's bytes through `unsigned char *`.
  EXPECT_THAT(R.Errors, HasSubstr("/slab.c:57:27: error: the cast of 'struct "
                                  "slab_slot *' to 'unsigned char *'"));
  EXPECT_EQ(count(R.Errors, "error:"), 2u) << R.Errors;
}

TEST(SafetyRealistic, WordFreq) {
  SafetyRun R = checkRealistic("cpp_wordfreq", true);
  EXPECT_THAT(R.Errors,
              HasSubstr("/counter.cpp:10:15: error: the object 'wf::gStats' "
                        "under STATS runs code without being called (the "
                        "destructor 'wf::StatsReporter::~StatsReporter' calls "
                        "'printf')"));
  EXPECT_THAT(R.Errors,
              HasSubstr("/counter.h:28:10: error: the member 'log_' under "
                        "LOGGING runs code whenever a 'wf::WordCounter' is "
                        "created or destroyed (the constructor "
                        "'wf::Logger::Logger' calls 'printf')"));
  EXPECT_EQ(count(R.Errors, "error:"), 2u) << R.Errors;
}

} // namespace
