//===- test/globals/GlobalsHarness.cpp - File-scope lowering tests --------===//

#include "test/globals/GlobalsHarness.h"

#include "test/common/FeatureModels.h"
#include "test/common/LoweringChecks.h"

#include "gtest/gtest.h"

#include <algorithm>

namespace varsim::rewrite::test::globaltest {
std::string model(std::initializer_list<std::string> Names) {
  return varsim::test::optionalFeaturesModel(Names);
}

llvm::Expected<glob::GlobalsResult> lowerProject(const TempProject &P, Env &E) {
  if (llvm::Error Err = varsim::test::scanProject(P.compileCommands(),
                                                  P.root() + "/model.xml", E))
    return Err;
  return glob::lowerGlobalVariability(
      {E.Layout, *E.Features, E.Texts, E.Structures, E.Overlay, 2, nullptr});
}

/// Lowers Files directly and checks line numbers and behaviour per
/// configuration; then rewrites end to end against every variant.
glob::GlobalsResult
expectLoweredEquivalent(const std::map<std::string, std::string> &Files,
                        bool Cxx) {
  TempProject P(Files, Cxx);
  Env E;
  auto R = lowerProject(P, E);
  if (!R) {
    ADD_FAILURE() << llvm::toString(R.takeError());
    return {};
  }
  EXPECT_FALSE(R->Sites.empty());
  EXPECT_FALSE(R->Files.empty());
  // Every original line keeps its number: generated code is appended
  // (after its include guard, if any).
  expectLoweringKeepsBehaviour(P, Files, R->Files, Cxx, [](llvm::StringRef L) {
    size_t Appended = L.find("// varsim: file-scope variability lowered");
    if (Appended != llvm::StringRef::npos) {
      size_t Guard = L.take_front(Appended).rfind("#ifndef VARSIM_GLOB_");
      if (Guard != llvm::StringRef::npos)
        Appended = Guard;
    }
    return Appended;
  });
  return std::move(*R);
}

std::string loweringError(const std::map<std::string, std::string> &Files,
                          bool Cxx) {
  TempProject P(Files, Cxx);
  Env E;
  auto R = lowerProject(P, E);
  if (R)
    return "";
  return llvm::toString(R.takeError());
}

} // namespace varsim::rewrite::test::globaltest
