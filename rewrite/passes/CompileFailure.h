//===- rewrite/passes/CompileFailure.h - Whose fault a failed parse is -*- C++
//-*-===//
//
// A translation unit that does not compile in a parse configuration is the
// user's error only if the user's own sources fail there. When a lowering
// (foreign features, templates, file-scope variability) replaced some of
// its files, the failure may be varsim's: the generated code (renamed
// `__varsim_` definitions, per-configuration copies) does not compile
// although the sources do. The message must say which, at the first
// error's line, never blame the user for names varsim made up.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_PASSES_COMPILEFAILURE_H
#define VARSIM_REWRITE_PASSES_COMPILEFAILURE_H

#include "rewrite/ParseFacts.h"
#include "rewrite/passes/RewriteState.h"

#include "llvm/Support/Error.h"

#include <string>

namespace varsim::rewrite {

/// The error for Job (one translation unit in the configuration named
/// ConfigName) having failed with Diagnostics (the compiler's messages).
llvm::Error compileFailure(const RewriteState &S, const ParseJob &Job,
                           const std::string &ConfigName,
                           const std::string &Diagnostics);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_PASSES_COMPILEFAILURE_H
