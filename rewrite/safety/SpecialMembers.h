//===- rewrite/safety/SpecialMembers.h - Members run without a call -*- C++
//-*-===//
//
// C++ member functions that run without their name being written: a
// destructor (every object's end of life), a default, copy or move
// constructor, a copy or move assignment (their implicit versions take
// over in a variant without them), and a virtual function that overrides
// a base's (called through the base). The rewriter keeps a member under
// `#ifdef` in every configuration, because only code under the feature
// names it; for these members that does not hold, so a user-provided one
// under a feature would run in the simulator's configurations where the
// variant runs the implicit or the base's version.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_SPECIALMEMBERS_H
#define VARSIM_REWRITE_SAFETY_SPECIALMEMBERS_H

#include "clang/AST/DeclCXX.h"

#include <string>

namespace varsim::rewrite::safety {

/// How M runs without being called by name ("the destructor
/// 'Conn::~Conn' runs at the end of every 'Conn' object's lifetime"), or
/// "" if it does not (or is not user-provided: defaulted and deleted
/// members change nothing a program prints).
std::string implicitlyRun(const clang::CXXMethodDecl *M);

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_SPECIALMEMBERS_H
