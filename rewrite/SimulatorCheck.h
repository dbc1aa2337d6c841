//===- rewrite/SimulatorCheck.h - Does the written simulator compile? -*- C++
//-*-===//
//
// The last step of a rewrite before the output replaces OUT: every
// translation unit of the simulator, as written to the temporary output
// directory, is parsed with its own compile command. A simulator that does
// not compile is a failed rewrite (exit 1, OUT untouched), never a success
// the user finds out about at build time. The rewritten sources carry
// `#line` directives, so the errors name the user's files and lines.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SIMULATORCHECK_H
#define VARSIM_REWRITE_SIMULATORCHECK_H

#include "rewrite/ProjectLayout.h"

#include "llvm/Support/Error.h"

#include <memory>

#include <string>
#include <vector>

namespace clang {
class ASTUnit;
} // namespace clang

namespace varsim::rewrite {

/// Parses every translation unit of the simulator written to Temp (the
/// project's entries mapped there, the feature macros' -D/-U dropped, as in
/// the simulator's compile database). An error lists how many translation
/// units fail and their first errors. With Keep, the parses' ASTs are
/// kept there, one per translation unit in database order, if all
/// succeeded (the data-flow analysis reads them instead of parsing again).
llvm::Error checkSimulatorCompiles(
    const ProjectLayout &Project, llvm::StringRef Temp,
    const std::vector<std::string> &StripMacros, unsigned Jobs,
    std::vector<std::unique_ptr<clang::ASTUnit>> *Keep = nullptr);

/// The first error lines of a compiler's output (notes that follow an
/// error kept), at most MaxLines; "N errors generated." dropped.
std::vector<std::string> firstErrorLines(llvm::StringRef Diagnostics,
                                         size_t MaxLines);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_SIMULATORCHECK_H
