//===- rewrite/globals/LexicalScan.h - Cheap pre-check ----------*- C++ -*-===//
//
// Whether a file may hold file-scope variability, decided from its text
// alone (no parse): a feature #if inside a file-scope initializer, a feature
// #if group at file or namespace scope with a declaration in two or more
// branches, or a macro that differs per configuration named outside
// function bodies, or a feature's value in the arguments of a macro that
// stringifies them. A project where no file says yes is not parsed at all.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_GLOBALS_LEXICALSCAN_H
#define VARSIM_REWRITE_GLOBALS_LEXICALSCAN_H

#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureGroups.h"

#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>

namespace varsim::rewrite::globals {

/// True if Text (scanned as FS, its groups analysed as FG) may hold
/// file-scope variability; Watched: the macros that differ per
/// configuration (and those whose body names one); Stringifiers: the
/// macros that may stringify an argument; FeatureValued: the macros whose
/// text is a feature's value (lowering::Discovered).
bool mayHaveFileScopeVariability(llvm::StringRef Text, const FileStructure &FS,
                                 const FileGroups &FG,
                                 const std::set<std::string> &Watched,
                                 const std::set<std::string> &Stringifiers,
                                 const std::set<std::string> &FeatureValued);

} // namespace varsim::rewrite::globals

#endif // VARSIM_REWRITE_GLOBALS_LEXICALSCAN_H
