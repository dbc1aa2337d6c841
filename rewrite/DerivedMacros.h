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
#include "rewrite/TargetMacros.h"

#include "llvm/Support/Error.h"

#include <map>
#include <set>
#include <string>

namespace varsim::rewrite {

/// Rewrites, in place, the branch conditions of every file in Structures
/// that test a macro derived from features or a project constant. Must be
/// idempotent: it runs again after each pass that replaces some files'
/// texts (their structures are rescanned). A derived macro that cannot be
/// expressed over features is left alone (the later stages refuse it with
/// a located error, as before).
///
/// A group's tests are replaced only when one of them ends up on features;
/// a macro is resolved only where the preprocessor has certainly read all
/// of its #define/#undef sites (earlier in a file read once, or in one
/// header that every translation unit reads completely before the test),
/// each site's presence condition is understood (features, integers,
/// platform and -D macros the project never defines, other resolved
/// macros), and its body is an integer constant expression that binds as
/// the pasted text would. Function-like macros in conditions
/// (`#if LOG_ENABLED(2)`) are expanded the same way.
///
/// A boolean feature that the project also defines where another feature
/// implies it (`#if defined(SSL) && !defined(CRYPTO)` / `#define CRYPTO 1`
/// / `#endif`, alone in its group) is read after that site as the
/// implication: `defined(CRYPTO)` becomes `CRYPTO || SSL`. When every test
/// of it could be so resolved (and no other macro's body names it), the
/// site's group gets the condition 0 (its directive keeps the test, which
/// the next run reads again): the simulator, compiled without -D flags,
/// never enters it, and the #if rewriter no longer sees a feature defined
/// per feature.
///
/// Units: the translation units of the build (absolute paths), if known.
/// Then only they start a preprocessor's reading, and files no unit
/// reaches (the other sources of a vendored tree, a test harness that
/// `#include`s a source) define nothing: their sites neither hide a
/// macro's state nor make a file look included twice. Without them, every
/// file with a source extension, and every file nobody includes, is one.
///
/// External: the macros files outside the project (system headers, the
/// compiler, the command line) defined in some unit, if known. A macro
/// outside it that the project and the build never define is undefined
/// wherever it is tested (`#if !defined(SQLITE_ENABLE_MEMORY_MANAGEMENT) ||
/// SQLITE_THREADSAFE==0` then reads the feature alone).
/// Target: the target macros predefined alike in every unit, read as their
/// values where no project file defines them (rewrite/TargetMacros.h).
llvm::Error
resolveDerivedMacros(std::map<std::string, FileStructure> &Structures,
                     const FeatureSetup &Features,
                     const std::set<std::string> *Units = nullptr,
                     const std::set<std::string> *External = nullptr,
                     const TargetMacros *Target = nullptr);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_DERIVEDMACROS_H
