//===- rewrite/OutputDirectory.h - Where OUT may go -------------*- C++ -*-===//

#ifndef VARSIM_REWRITE_OUTPUTDIRECTORY_H
#define VARSIM_REWRITE_OUTPUTDIRECTORY_H

#include "rewrite/ProjectLayout.h"

namespace varsim::rewrite {

/// Refuses an output directory that would put varsim's files into the
/// user's sources: one that is an existing file, the project root or above
/// it, or (symbolic links resolved) inside the sources outside any build
/// directory. IsDefault: Out is the default `<database dir>/varsim`, allowed
/// under the root for a database at the root (an in-source build), since it
/// is excluded from the mirror. (Implemented in ProjectLayout.cpp.)
llvm::Error checkOutputDirectory(const ProjectLayout &P, llvm::StringRef Out,
                                 bool IsDefault);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_OUTPUTDIRECTORY_H
