//===- test/templates/LoweringHarness.h - Template lowering tests -*- C++
//-*-===//
//
// What the template-lowering tests share (TemplateLoweringTest.cpp,
// TemplateLoweringLimitsTest.cpp, TemplateFlagsTest.cpp): the lowering of a
// temporary project as the rewriter runs it, the check that the lowered
// texts keep their lines and behave as the originals in every
// configuration (lowered directly and rewritten end to end), and the
// policy classes most of the projects include.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_TEST_TEMPLATES_LOWERINGHARNESS_H
#define VARSIM_TEST_TEMPLATES_LOWERINGHARNESS_H

#include "test/common/FirstPasses.h"
#include "test/common/RewriteHarness.h"

#include "rewrite/templates/TemplateLowering.h"

#include <initializer_list>
#include <map>
#include <string>
#include <vector>

namespace varsim::rewrite::test::lowering {

namespace tpl = varsim::rewrite::templates;

/// A feature model of optional features Names (and Alternatives).
std::string model(std::initializer_list<std::string> Names,
                  const std::string &Alternatives = "");

/// What the lowering reads (it must outlive the call).
using LoweringEnv = varsim::test::ScannedProject;

/// The lowering of P's project, as the rewriter runs it.
llvm::Expected<tpl::LoweringResult> lowerProject(const TempProject &P,
                                                 LoweringEnv &Env);

using varsim::test::compileAndRun;

/// Lowers Files directly and checks (1) line numbers are kept, (2) the
/// lowered sources behave as the originals in every configuration; then
/// rewrites them end to end and checks the simulator against every
/// variant. Returns the lowering for further checks.
tpl::LoweringResult
expectLoweredEquivalent(const std::map<std::string, std::string> &Files,
                        size_t ExpectedSites);

/// The lowering's error on Files, "" if it lowers them.
std::string loweringError(const std::map<std::string, std::string> &Files);

/// A site used where no function can become a template over it is left to
/// the later stages: the lowering changes nothing, and the whole rewrite
/// either makes a simulator that behaves as every variant (the file-scope
/// pass made variants of what uses it) or refuses with an error located in
/// main.cpp.
void expectLeftToLaterStages(const std::map<std::string, std::string> &Files);

/// caches.h: an LRU and a FIFO cache class template, the policies.
extern const char *Caches;

} // namespace varsim::rewrite::test::lowering

#endif // VARSIM_TEST_TEMPLATES_LOWERINGHARNESS_H
