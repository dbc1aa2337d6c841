//===- rewrite/safety/CopySiteJudge.h - Move members under a feature -*- C++
//-*-===//
//
// Judges the copy sites of every parse (rewrite/safety/CopySites.h). At a
// site that selects a move member in some configuration and another member
// in another, the simulator (which holds the members of every variant)
// runs the move member in every configuration. That is accepted when every
// other member selected there is unusable in its configuration: deleted,
// or private and defined by no translation unit (a variant that ran the
// site would not link, so no variant that builds runs it). Refused, at the
// site: a second usable member (GenericValue's `template <typename T>
// operator=(T value)`, which takes a prvalue without a copy), a site in an
// operand that is not evaluated, a named return value elided in one
// configuration only, and a site compiled only where the move member is
// (a substitution failure elsewhere), outside code under a feature. A move
// member under a feature whose class a standard type trait asks about is
// refused at the member: the trait answers otherwise per variant.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_COPYSITEJUDGE_H
#define VARSIM_REWRITE_SAFETY_COPYSITEJUDGE_H

#include "rewrite/safety/FeatureRanges.h"
#include "rewrite/safety/ResolutionJudge.h"
#include "rewrite/safety/SafetyFacts.h"

#include <string>
#include <vector>

namespace varsim::rewrite::safety {

std::vector<Finding> judgeCopySites(const std::vector<SafetyFacts> &Parses,
                                    const std::vector<ParseOrigin> &Origins,
                                    const std::vector<std::string> &ConfigNames,
                                    const FeatureRanges &Ranges);

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_COPYSITEJUDGE_H
