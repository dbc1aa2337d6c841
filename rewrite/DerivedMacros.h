//===- rewrite/DerivedMacros.h - Macros derived from features ---*- C++ -*-===//
//
// Real projects rarely test their feature macros directly everywhere: a
// config.h maps them to derived macros (`#ifdef FEATURE_X` / `#define HAVE_X
// 1`), and conditions compare features with the project's own constants
// (`#if LOG_LEVEL >= LOG_INFO`). Before the feature groups are analysed,
// every condition that tests such a macro is rewritten into an equivalent
// condition over feature macros and integers, so that the #if rewrite sees
// ordinary feature conditions.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_DERIVEDMACROS_H
#define VARSIM_REWRITE_DERIVEDMACROS_H

#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureSetup.h"

#include "llvm/Support/Error.h"

#include <map>
#include <string>

namespace varsim::rewrite {

/// Rewrites, in place, the branch conditions of every file in Structures
/// that test a macro derived from features or a project constant. Must be
/// idempotent: it runs again after each pass that replaces some files'
/// texts (their structures are rescanned). A derived macro that cannot be
/// expressed over features is left alone (the later stages refuse it with
/// a located error, as before).
llvm::Error
resolveDerivedMacros(std::map<std::string, FileStructure> &Structures,
                     const FeatureSetup &Features);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_DERIVEDMACROS_H
