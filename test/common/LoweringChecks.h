//===- test/common/LoweringChecks.h - A lowering keeps behaviour -*- C++
//-*-===//
//
// The check the tests of a lowering pass before the #if rewrite (template
// variability, file-scope variability) share: the lowered texts keep the
// original's lines, behave as the originals in every configuration, and
// the whole rewrite then behaves as every variant.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_TEST_COMMON_LOWERINGCHECKS_H
#define VARSIM_TEST_COMMON_LOWERINGCHECKS_H

#include "test/common/RewriteHarness.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace varsim::rewrite::test {

/// Checks the lowering LoweredFiles (absolute path -> text, the files that
/// changed) of P, made of Files (relative path -> text): each lowered file
/// keeps every line of the original on its own line number before its
/// generated tail (whose offset AppendedAt returns, npos if none); compiled
/// with each configuration's -D flags, the lowered sources behave as the
/// originals; and P rewritten end to end (the lowering included) behaves
/// as every variant. Failures are gtest failures.
void expectLoweringKeepsBehaviour(
    TempProject &P, const std::map<std::string, std::string> &Files,
    const std::map<std::string, std::string> &LoweredFiles, bool Cxx,
    llvm::function_ref<size_t(llvm::StringRef)> AppendedAt);

} // namespace varsim::rewrite::test

#endif // VARSIM_TEST_COMMON_LOWERINGCHECKS_H
