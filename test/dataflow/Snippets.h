//===- test/dataflow/Snippets.h - Simulator-like code for the tests -*- C++
//-*-===//
//
// A mock of the generated header: feature reads and region markers spelled
// as the real runtime spells them (macros over a value table and a scope
// guard), so the analysis sees what it sees in a real simulator.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_TEST_DATAFLOW_SNIPPETS_H
#define VARSIM_TEST_DATAFLOW_SNIPPETS_H

#include "dataflow/DataFlow.h"
#include "support/Diagnostic.h"

#include <gtest/gtest.h>

#include <string>

namespace varsim::dataflow::test {

inline constexpr const char *MockHeaderCxx = R"(
extern long long varsim_feature_values[8];
#define VARSIM_F_A (varsim_feature_values[0])
#define VARSIM_F_B (varsim_feature_values[1])
#define VARSIM_F_LEVEL (varsim_feature_values[2])
struct varsim_scope_guard {
  explicit varsim_scope_guard(unsigned region) { (void)region; }
};
#define VARSIM_CAT2(a, b) a##b
#define VARSIM_CAT(a, b) VARSIM_CAT2(a, b)
#define VARSIM_REGION(id) \
  varsim_scope_guard VARSIM_CAT(varsim_scope_, __COUNTER__)(static_cast<unsigned>(id))
#line 1 "sim.cc"
)";

inline constexpr const char *MockHeaderC = R"(
extern long long varsim_feature_values[8];
#define VARSIM_F_A (varsim_feature_values[0])
#define VARSIM_F_B (varsim_feature_values[1])
#define VARSIM_F_LEVEL (varsim_feature_values[2])
unsigned varsim_enter(unsigned id);
void varsim_scope_close(unsigned *depth);
#define VARSIM_CAT2(a, b) a##b
#define VARSIM_CAT(a, b) VARSIM_CAT2(a, b)
#define VARSIM_REGION(id) \
  __attribute__((cleanup(varsim_scope_close), unused)) unsigned \
  VARSIM_CAT(varsim_scope_, __COUNTER__) = varsim_enter((unsigned)(id))
#line 1 "sim.c"
)";

/// The facts of one C++ snippet (C if C is set). Each snippet is analysed
/// twice, with and without skipping the bodies whose inputs did not change
/// (AnalysisOptions::SkipUnchangedBodies): the facts must be the same.
inline DataFlowFacts analyze(const std::string &Code, bool C = false,
                             const AnalysisOptions &Base = {}) {
  auto Run = [&](bool Skip) {
    AnalysisOptions Options = Base;
    Options.SkipUnchangedBodies = Skip;
    return C ? analyzeCode(std::string(MockHeaderC) + Code,
                           {"-x", "c", "-std=c11"}, "sim.c", Options)
             : analyzeCode(std::string(MockHeaderCxx) + Code, {"-std=c++20"},
                           "sim.cc", Options);
  };
  auto Facts = Run(true);
  if (!Facts) {
    ADD_FAILURE() << errorToString(Facts.takeError());
    return {};
  }
  if (auto Every = Run(false))
    EXPECT_EQ(toJSON(*Facts), toJSON(*Every))
        << "skipping unchanged bodies changed the facts";
  else
    ADD_FAILURE() << errorToString(Every.takeError());
  return std::move(*Facts);
}

inline std::vector<std::string> functionFeatures(const DataFlowFacts &F,
                                                 llvm::StringRef Function) {
  for (const Influence &I : F.Functions)
    if (I.Function == Function)
      return I.Features;
  return {};
}

} // namespace varsim::dataflow::test

#endif // VARSIM_TEST_DATAFLOW_SNIPPETS_H
