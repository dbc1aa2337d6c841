//===- support/GeneratedHeaders.h - Headers a build generated -*- C++ -*-===//
//
// A project's build may generate headers into its build directory (`-I
// BUILD/generated`). The simulator's compile commands map BUILD to OUT/build,
// which the rewrite does not fill (the simulator's own build generates them
// again). Every parse varsim makes of the simulator (the simulator check of
// the rewrite, the data-flow analysis) finds them where the original build
// put them, after every other directory.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_SUPPORT_GENERATEDHEADERS_H
#define VARSIM_SUPPORT_GENERATEDHEADERS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace varsim {

/// `-idirafter ORIGINAL/D` for every include directory (-I, -isystem,
/// -iquote) MAPPED/D of Args; MappedBuildDir and OriginalBuildDir absolute.
std::vector<std::string>
generatedHeaderFallbacks(llvm::ArrayRef<std::string> Args,
                         llvm::StringRef MappedBuildDir,
                         llvm::StringRef OriginalBuildDir);

} // namespace varsim

#endif // VARSIM_SUPPORT_GENERATEDHEADERS_H
