//===- rewrite/SystemBodies.h - Skip the system headers' bodies -*- C++ -*-===//
//
// The analysis parses before the recording parse (template facts, value
// arguments) read the project's declarations and bodies only. The bodies
// of functions in system headers (most of a C++ parse's time in the
// standard library) are then not parsed: Clang skips a body when the
// parse asks for skipping and the consumer agrees (never a constexpr or
// deduced-return function's, whose body is its interface). What these
// parses miss (an error only inside such a body, or in an instantiation of
// one) is decided later: the simulator's compile check parses every body.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SYSTEMBODIES_H
#define VARSIM_REWRITE_SYSTEMBODIES_H

#include "clang/AST/DeclBase.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"

namespace varsim::rewrite {

/// Asks CI's parse to consult its consumer's shouldSkipFunctionBody (call
/// from CreateASTConsumer or BeginSourceFileAction).
inline void askToSkipBodies(clang::CompilerInstance &CI) {
  CI.getFrontendOpts().SkipFunctionBodies = true;
}

/// For shouldSkipFunctionBody: D is defined in a system header.
inline bool isSystemBody(const clang::SourceManager &SM, const clang::Decl *D) {
  return SM.isInSystemHeader(D->getLocation());
}

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_SYSTEMBODIES_H
