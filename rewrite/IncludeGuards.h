//===- rewrite/IncludeGuards.h - A file that guards itself ------*- C++ -*-===//
//
// Whether a project file reads nothing when it is included a second time:
// `#pragma once`, or the whole file in one `#ifndef G` (or `#if !...`)
// branch that defines a macro. An X-macro list is written in only if it
// does not (passes/IncludedListsPass.cpp); an inclusion of <assert.h> in
// a guarded header read before a conditional `#undef NDEBUG` cannot come
// after it (AssertUndefs.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_INCLUDEGUARDS_H
#define VARSIM_REWRITE_INCLUDEGUARDS_H

#include "rewrite/DirectiveScanner.h"

#include "llvm/ADT/StringRef.h"

namespace varsim::rewrite {

/// Whether the file of Text and FS guards itself against a second
/// inclusion.
bool guardsItself(llvm::StringRef Text, const FileStructure &FS);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_INCLUDEGUARDS_H
