//===- rewrite/safety/CopySites.h - Where a class is copied or moved -*- C++
//-*-===//
//
// A move constructor or move assignment under a feature (RapidJSON's
// RAPIDJSON_HAS_CXX11_RVALUE_REFS) in a class that declares the copy member
// of the same kind (so the variants without the move member have no
// implicit one) is kept in every configuration of the simulator, which then
// moves wherever overload resolution picks it. That is what the variants
// without it do too if, at each such site, they pick an unusable member: a
// deleted one (the unit would not compile), or a private one that no unit
// defines (C++03 "not copyable": a variant that runs the site does not
// link, so a variant that builds never runs it, and the simulator, which
// follows the same control flow, never reaches it there either).
//
// This collector records, from one parse: every construction or assignment
// of a project class from a value of that class (or of a class derived from
// it), in project code and in instantiations of project templates, with the
// member it selects; the move members under a feature whose class declares
// the copy member; and the standard type traits instantiated for project
// classes (`std::is_move_constructible<C>` answers otherwise per variant).
// The judge (CopySiteJudge.h) compares the parses.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_COPYSITES_H
#define VARSIM_REWRITE_SAFETY_COPYSITES_H

#include "rewrite/safety/FeatureRanges.h"
#include "rewrite/safety/ProjectFiles.h"
#include "rewrite/safety/SafetyFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"

#include <string>

namespace varsim::rewrite::safety {

/// If M (a user-provided member under Condition within its class, with the
/// special-member message Refusal) is a move constructor or move assignment
/// whose class declares the copy member of that kind, records it in Out as
/// a guarded move, judged at its sites, and returns true; else false (the
/// caller refuses it at once).
bool recordGuardedMove(const clang::CXXMethodDecl *M,
                       const ProjectFiles::Place &At,
                       const std::string &Condition, const std::string &Refusal,
                       ProjectFiles &Files, SafetyFacts &Out);

/// Walks the project's code and the instantiations of its templates.
void collectCopySites(clang::ASTContext &Ctx, ProjectFiles &Files,
                      SafetyFacts &Out);

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_COPYSITES_H
