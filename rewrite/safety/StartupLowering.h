//===- rewrite/safety/StartupLowering.h - Code run without a call -*- C++
//-*-===//
//
// Code under a feature that runs without being called, which the rewriter
// lowers instead of refusing (docs/safety.md, "Code that runs without being
// called"):
//
//  - a function with __attribute__((constructor)) or ((destructor)): its
//    body starts with a test of its presence condition (the runtime reads
//    the configuration in a constructor of priority 101, before every
//    user constructor of a later priority, in C and C++); a function whose
//    body a macro wrote (`subsys_initcall(fn, 2)`) loses the attribute
//    (the attribute's word is defined away around the macro's use) and a
//    constructor of the same priority right after the use calls it under
//    the test;
//  - a `static` namespace-scope C++ object that no code names (a static
//    registrar): its declaration becomes a function-local static of a
//    lambda that a namespace-scope initializer, at the same place of the
//    file, runs under the test; it is constructed, and destroyed at exit,
//    only where its feature is on;
//  - a user-provided destructor under a feature within its class: its body
//    starts with the test (the members and bases are destroyed either way,
//    as the variant's implicit destructor does).
//
// The rewriter's safety check and its parse facts ask the same questions
// here, so that what the check lets through is what the file rewriter
// lowers. Each answer is "" (lowered) or why not.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_STARTUPLOWERING_H
#define VARSIM_REWRITE_SAFETY_STARTUPLOWERING_H

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"

#include <string>

namespace varsim::rewrite::safety {

/// The priority of the runtime's constructor (runtime/varsim_runtime.h),
/// which reads the configuration.
inline constexpr int RuntimeConstructorPriority = 101;

/// A function with __attribute__((constructor/destructor)): "" if the
/// rewriter guards it, else why not.
std::string startupFunctionRefusal(const clang::FunctionDecl *FD);
/// Whether a guarded startup function's body is written by a macro (then
/// the rewriter calls it from a guarded constructor of its own).
bool startupBodyInMacro(const clang::FunctionDecl *FD);

/// A namespace-scope object whose construction or destruction runs code:
/// "" if the rewriter constructs it only under its feature, else why not.
std::string startupObjectRefusal(const clang::VarDecl *VD);

/// A user-provided destructor: "" if the rewriter guards its body, else
/// why not.
std::string destructorRefusal(const clang::CXXDestructorDecl *D);

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_STARTUPLOWERING_H
