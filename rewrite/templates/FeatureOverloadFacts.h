//===- rewrite/templates/FeatureOverloadFacts.h - Overloads per feature -*- C++
//-*-===//
//
// What one parse (one unit, one configuration) knows about the plain
// (non-template) functions defined in candidate feature branches beside a
// function template of the same name (FeatureOverloads.h), and about every
// call, template instantiations included, of a function of such a name:
// what it resolves to, so that the lowering can compare a call in a
// configuration with the overload with the same call without it.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_FEATUREOVERLOADFACTS_H
#define VARSIM_REWRITE_TEMPLATES_FEATUREOVERLOADFACTS_H

#include "rewrite/ProjectLayout.h"
#include "rewrite/templates/FeatureSpecializationFacts.h"
#include "rewrite/templates/LoweringParses.h"

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace varsim::rewrite::templates::overloads {

using specs::BranchRanges;

/// A place in the project: absolute path and offset ("" outside it).
struct Place {
  std::string File;
  unsigned Offset = 0;
  unsigned Line = 0, Column = 0;
  bool operator<(const Place &O) const {
    return std::tie(File, Offset) < std::tie(O.File, O.Offset);
  }
};

/// A plain function with a body in a candidate branch (one of Names): a
/// candidate for the lowering if its scope (its class or namespace) also
/// declares a function template of its name; its calls are compared
/// either way.
struct OverloadFact {
  Place At;               ///< Its name.
  unsigned Begin = 0;     ///< Its first token.
  unsigned BodyBegin = 0; ///< Its body's `{`.
  unsigned BodyEnd = 0;   ///< Its body's `}`.
  std::string Name;       ///< Unqualified.
  bool Member = false;    ///< A member function (else a free one).
  std::string Shown;      ///< "'rd::Reader::ScanCopy(StringStream &, ...)'".
  /// Each parameter as the forwarding call passes it on.
  std::vector<std::string> Forwarded;
  /// The function templates of its name in its scope (their names).
  std::vector<Place> Templates;
  /// Its return and parameter types, qualifiers (as CallFact::Signature;
  /// a member of a class template's has its instantiations' in the calls).
  std::string Signature;
  /// Why it cannot be lowered ("" if it can).
  std::string Why;
};

/// A call of a function whose name is one of the candidates', or another
/// reference to a candidate overload.
struct CallFact {
  /// The unit, the call's place and the function it is in (with its
  /// template arguments): the same call in another configuration's parse.
  std::string Key;
  Place At;
  /// The overload called (its name's place), if the callee is one.
  Place Overload;
  bool IsOverload = false;
  /// Otherwise: the template it instantiates (its name's place; empty
  /// File if it is not a specialization of a template of the project).
  Place Template;
  bool Specialization = false; ///< Of any function template.
  std::string Callee;          ///< Shown: "'f<int>(const int &)'".
  std::string Qualified;       ///< "rd::Reader<char>::ScanCopy".
  std::string Where;           ///< The callee's file:line, for messages.
  /// The callee's parameter and return types (canonical), qualifiers.
  std::string Signature;
  unsigned Arguments = 0, Parameters = 0;
  bool NotACall = false; ///< Its address taken, not called.
};

struct OverloadFacts : LoweringParseStatus {
  std::vector<OverloadFact> Overloads;
  std::vector<CallFact> Calls;
};

/// Names: the function templates' names to look at (a text prefilter).
OverloadFacts collectOverloadFacts(
    const LoweringParse &Parse, const std::vector<std::string> &StripMacros,
    const BranchRanges &Branches, const std::set<std::string> &Names,
    const ProjectLayout &Project,
    const std::map<std::string, std::string> *Overlay);

} // namespace varsim::rewrite::templates::overloads

#endif // VARSIM_REWRITE_TEMPLATES_FEATUREOVERLOADFACTS_H
