//===- rewrite/LinkageMacros.h - Storage-class macros per feature -*- C++
//-*-===//
//
// `#ifdef SHARED #define API __attribute__((visibility("default"))) #else
// #define API #endif`, `#define HELPER static inline` / `static`: macros
// chosen per feature that only say how a declaration is linked or hinted
// (a storage class, `inline`, an attribute that does not change what the
// program computes). They cannot be selected at run time, and need not be:
// the simulator keeps one definition for every configuration.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_LINKAGEMACROS_H
#define VARSIM_REWRITE_LINKAGEMACROS_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace varsim::rewrite {

/// The replacement list without `inline` and behaviour-neutral attributes
/// (visibility, unused, noinline, cold, ...): "", "static" or "extern"
/// when Replacement is only such linkage words, else nullopt (anything
/// else, and attributes that change layout or run code: packed, aligned,
/// constructor, cleanup, section, alias, weak, ...).
std::optional<std::string> linkageCore(llvm::StringRef Replacement);

/// The one definition the simulator keeps for an object-like macro defined
/// per feature with these replacement lists, if each is linkage only and
/// they differ at most in `static` (the external one is kept, as for
/// `#define STATIC` / `static`: the safety pass refuses uses where that
/// shows); nullopt otherwise.
std::optional<std::string>
keptLinkage(const std::vector<std::string> &Replacements);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_LINKAGEMACROS_H
