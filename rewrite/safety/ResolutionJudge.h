//===- rewrite/safety/ResolutionJudge.h - Names that resolve per parse -*- C++
//-*-===//
//
// Compares, between the parse configurations of each translation unit,
// what every reference in project code resolves to and what every
// expansion of a macro selected at run time becomes. A reference that
// resolves to different entities (an overload, a hiding member or a
// shadowing local under a feature) would resolve to one of them in every
// configuration of the simulator; a macro whose expansion has a different
// type per configuration would be converted to one type by the `?:` that
// selects it; a macro that expands to a type cannot be selected at all.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_RESOLUTIONJUDGE_H
#define VARSIM_REWRITE_SAFETY_RESOLUTIONJUDGE_H

#include "rewrite/ProjectLayout.h"
#include "rewrite/safety/FeatureRanges.h"
#include "rewrite/safety/SafetyFacts.h"

#include <string>
#include <vector>

namespace varsim::rewrite::safety {

/// One parse: its translation unit and configuration (indices).
struct ParseOrigin {
  size_t Unit = 0;
  size_t Config = 0;
};

/// Parses[I] came from Origins[I]; ConfigNames names the configurations
/// (CONFIG strings).
std::vector<Finding>
judgeResolutions(const std::vector<SafetyFacts> &Parses,
                 const std::vector<ParseOrigin> &Origins,
                 const std::vector<std::string> &ConfigNames,
                 const FeatureRanges &Ranges);

std::vector<Finding> judgeMacroTypes(const std::vector<SafetyFacts> &Parses,
                                     const std::vector<ParseOrigin> &Origins,
                                     const FeatureRanges &Ranges);

/// A name defined with a storage macro (`STATIC`) in several translation
/// units: without `static` (the definition the simulator keeps) they
/// would clash.
std::vector<Finding> judgeStorageMacros(const std::vector<SafetyFacts> &Parses,
                                        const std::vector<ParseOrigin> &Origins,
                                        const ProjectLayout &Project);

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_RESOLUTIONJUDGE_H
