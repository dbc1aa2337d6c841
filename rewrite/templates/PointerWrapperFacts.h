//===- rewrite/templates/PointerWrapperFacts.h - Iterator class or pointer -*-
// C++ -*-===//
//
// What one parse (one unit, one configuration) knows about the candidate
// groups of PointerWrappers.h: which branch it saw, whether that branch is
// a pointer wrapper (a class template whose members are the built-in
// pointer operators on its one pointer member) or its pointer fallback
// (partial specializations naming a plain pointer), the types each
// instantiation stands for, and the uses of the wrapper's types that a
// plain pointer would not reproduce (a template instantiated with it,
// `sizeof`, a call whose callee the pointer's configuration resolves
// otherwise).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_POINTERWRAPPERFACTS_H
#define VARSIM_REWRITE_TEMPLATES_POINTERWRAPPERFACTS_H

#include "rewrite/ProjectLayout.h"
#include "rewrite/templates/LoweringParses.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite::templates::wrappers {

/// A source place for a located message.
struct Place {
  std::string File;
  unsigned Line = 0, Column = 0;
};

/// A candidate group: two branches, the second an #else.
struct CandidateGroup {
  std::string Key; ///< File|group index.
  std::string File;
  unsigned Group = 0;
  /// By branch: [begin, end) of its lines.
  std::vector<std::pair<unsigned, unsigned>> Branches;
};

/// One branch as a parse saw it.
struct BranchFacts {
  enum Kinds { Wrapper, Pointer, Other };
  Kinds Kind = Other;
  std::string Template; ///< The class template's qualified name.
  std::string Member;   ///< The nested type both branches define.
  /// The branch defines the class template (a wrapper, or not one).
  bool Defines = false;
  /// Why the branch is neither shape, and where ("" and {}: it is).
  std::string Why;
  Place Where;
  /// By printed template arguments: the pointer type it stands for (the
  /// wrapper's member, or the fallback's nested pointer type).
  std::map<std::string, std::string> PointerByArgs;
};

struct WrapperFacts : LoweringParseStatus {
  /// By group key, by branch.
  std::map<std::string, std::map<unsigned, BranchFacts>> Groups;
  /// Uses of a wrapper type a plain pointer does not reproduce, by group.
  std::map<std::string, std::vector<std::pair<Place, std::string>>> Refused;
  /// Calls passing a wrapper (file:offset of the call -> the callees'
  /// places), and, in the fallback's parses, calls passing a pointer.
  std::map<std::string, std::set<std::string>> WrapperCalls, PointerCalls;
  std::map<std::string, Place> CallPlaces;
};

/// Parses Parse's unit and collects the facts for Groups.
WrapperFacts collectWrapperFacts(
    const LoweringParse &Parse, const std::vector<std::string> &StripMacros,
    const std::vector<CandidateGroup> &Groups, const ProjectLayout &Project,
    const std::map<std::string, std::string> *Overlay);

/// Why the body of a wrapper member (its normalized tokens: the pointer
/// member `@P`, parameters `@A0`.., locals `@L`, other names `@T`) is not
/// the built-in pointer operator its name says ("" if it is). Exposed for
/// the tests.
std::string forwardingMismatch(const std::string &Operator, unsigned Params,
                               bool WrapperParam, const std::string &Body);

} // namespace varsim::rewrite::templates::wrappers

#endif // VARSIM_REWRITE_TEMPLATES_POINTERWRAPPERFACTS_H
