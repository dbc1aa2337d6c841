//===- rewrite/TargetMacros.h - The compiler's target macros ----*- C++ -*-===//
//
// Macros that name the target the build compiles for (architecture,
// instruction-set extensions, operating system, compiler family), as the
// compiler predefines them for the build's flags. Projects derive their own
// macros from them (Mbed TLS: `#if defined(__GNUC__) && (defined(__amd64__)
// || defined(__x86_64__))` / `#define MBEDTLS_HAVE_X86_64`), and a test
// that mixes such a derived macro with a feature can become a run-time
// condition only if the target macro is read as its value: a feature
// becomes a run-time flag, a target macro cannot.
//
// Reading them once is sound because the simulator is compiled for the same
// target with the same flags as every variant (the compile database's), and
// compilers agree on these names for a target and flags (clang, which the
// rewrite preprocesses with, and gcc alike). Only whether such a macro is
// defined is read, and its value where it is 1 (any value for the ABI's sizes
// and byte-order constants); a compiler's version
// (`__GNUC__ >= 5`: 4 for clang, the release for gcc) is not.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TARGETMACROS_H
#define VARSIM_REWRITE_TARGETMACROS_H

#include "condition/Condition.h"

#include "clang/Lex/MacroInfo.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <set>
#include <string>

namespace varsim::rewrite {

using condition::Cond;
using condition::CondPtr;

/// The target macros the compiler predefined in every translation unit,
/// with their bodies ("1" for most).
using TargetMacros = std::map<std::string, std::string>;

/// Whether M names the target (architecture, instruction-set extension,
/// operating system, compiler family) rather than the compiler's version
/// or the build.
bool isTargetMacro(llvm::StringRef M);

/// Whether M is a target macro whose value, not only whether it is
/// defined, is the target's (`__SIZEOF_POINTER__`, `__CHAR_BIT__`).
bool isTargetValueMacro(llvm::StringRef M);

/// A predefined macro's body when it is one number ("1"), else "".
std::string predefinedBody(const clang::MacroInfo &MI);

/// Keeps in Into only the macros Other predefines alike.
void keepCommon(TargetMacros &Into, const TargetMacros &Other);

/// The value of a `defined(M)` or `M` of a target macro M that no project
/// file defines: 1 or 0 for `defined(M)`; for `M`, its value if it is 1
/// (any number for isTargetValueMacro), 0 if it is undefined. nullopt: left
/// alone (not a target macro, a value other than 1, or predefined in some units
/// only). External: the macros defined outside the project in some unit (a
/// target macro absent from both is undefined everywhere).
std::optional<CondPtr> targetMacroValue(const Cond &E,
                                        const TargetMacros &Target,
                                        const std::set<std::string> &External);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_TARGETMACROS_H
