//===- test/globals/GlobalsHarness.h - File-scope lowering tests -*- C++
//-*-===//
//
// What the file-scope lowering tests share (GlobalVariantsTest.cpp,
// GlobalEnumsTest.cpp, GlobalCrossUnitTest.cpp): the lowering of a
// temporary project as the rewriter runs it, and the check that the
// lowered texts keep their lines and behave as the originals in every
// configuration (lowered directly and rewritten end to end).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_TEST_GLOBALS_GLOBALSHARNESS_H
#define VARSIM_TEST_GLOBALS_GLOBALSHARNESS_H

#include "test/common/FirstPasses.h"
#include "test/common/RewriteHarness.h"

#include "rewrite/globals/GlobalVariants.h"

#include <initializer_list>
#include <map>
#include <string>

namespace varsim::rewrite::test::globaltest {

namespace glob = varsim::rewrite::globals;

/// A feature model of the optional features Names.
std::string model(std::initializer_list<std::string> Names);

/// What the lowering reads (it must outlive the call), and the texts of
/// earlier passes.
struct Env : varsim::test::ScannedProject {
  std::map<std::string, std::string> Overlay;
};

/// The lowering of P's project, as the rewriter runs it.
llvm::Expected<glob::GlobalsResult> lowerProject(const TempProject &P, Env &E);

/// Lowers Files directly and checks line numbers and behaviour per
/// configuration; then rewrites end to end against every variant.
glob::GlobalsResult
expectLoweredEquivalent(const std::map<std::string, std::string> &Files,
                        bool Cxx);

/// The lowering's error on Files, "" if it lowers them.
std::string loweringError(const std::map<std::string, std::string> &Files,
                          bool Cxx);

} // namespace varsim::rewrite::test::globaltest

#endif // VARSIM_TEST_GLOBALS_GLOBALSHARNESS_H
