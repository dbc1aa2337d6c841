//===- rewrite/templates/FeatureSpecializationFacts.h - Per-feature specs -*-
// C++ -*-===//
//
// What one parse (one unit, one configuration) knows about the explicit
// specializations of functions defined in candidate feature branches
// (FeatureSpecializations.h): where each is written, the function the
// configurations without it call instead (the primary template, or the
// class template's member), and how a call forwards to a renamed copy of
// that function.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_FEATURESPECIALIZATIONFACTS_H
#define VARSIM_REWRITE_TEMPLATES_FEATURESPECIALIZATIONFACTS_H

#include "rewrite/ProjectLayout.h"
#include "rewrite/templates/LoweringParses.h"

#include <map>
#include <string>
#include <vector>

namespace varsim::rewrite::templates::specs {

/// [begin, end) offsets of the candidate branches, by absolute path.
using BranchRanges =
    std::map<std::string, std::vector<std::pair<unsigned, unsigned>>>;

/// The definition of the function the specialization replaces.
struct PrimaryFact {
  std::string File;
  unsigned Begin = 0, End = 0; ///< `template` (or the member's start) to `}`.
  unsigned NameOffset = 0;     ///< Its name token.
};

/// One explicit specialization with a body, in a candidate branch.
struct SpecializationFact {
  std::string File;
  unsigned Begin = 0;     ///< Its first token (`template`).
  unsigned BodyBegin = 0; ///< Its body's `{`.
  unsigned Line = 0, Column = 0;
  std::string Shown;     ///< "'scan::SkipBlanks<scan::StringStream>'".
  std::string Signature; ///< One key per specialized function.
  std::string Name;      ///< Unqualified.
  std::string Arguments; ///< "<scan::StringStream>"; "" for a member.
  /// The call's arguments: each parameter, forwarded.
  std::vector<std::string> Forwarded;
  PrimaryFact Primary;
  /// Why it cannot be lowered ("" if it can).
  std::string Why;
};

struct SpecializationFacts : LoweringParseStatus {
  std::vector<SpecializationFact> Specializations;
};

SpecializationFacts collectSpecializationFacts(
    const LoweringParse &Parse, const std::vector<std::string> &StripMacros,
    const BranchRanges &Branches, const ProjectLayout &Project,
    const std::map<std::string, std::string> *Overlay);

} // namespace varsim::rewrite::templates::specs

#endif // VARSIM_REWRITE_TEMPLATES_FEATURESPECIALIZATIONFACTS_H
