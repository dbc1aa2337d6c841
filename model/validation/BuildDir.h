//===- model/validation/BuildDir.h - Build directories and logs -*- C++ -*-===//
//
// What `varsim validate` (a variant per directory) and `varsim run`'s native
// reference (driver/NativeReference.h) both need around a user's build
// command: a build directory that is reused only for the same build inputs,
// and the end of a log for an error message.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_VALIDATION_BUILDDIR_H
#define VARSIM_MODEL_VALIDATION_BUILDDIR_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <system_error>

namespace varsim::validation {

/// Keeps Dir when StampPath records that it was made by Command (the
/// expanded build command, which holds the defines), else removes it and
/// starts afresh: a CMake cache configured with other flags must not leak
/// into this build. Creates Dir and writes the stamp.
std::error_code prepareBuildDir(llvm::StringRef Dir, llvm::StringRef StampPath,
                                llvm::StringRef Command);

/// The last Lines non-empty lines of the file at Path, each on a line of its
/// own indented by four spaces and cut at 200 characters, for an error
/// message; "" when it cannot be read.
std::string tailOf(llvm::StringRef Path, unsigned Lines = 5);

} // namespace varsim::validation

#endif // VARSIM_MODEL_VALIDATION_BUILDDIR_H
