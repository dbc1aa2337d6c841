//===- rewrite/safety/LayoutJudge.h - Which layout uses differ -*- C++ -*-===//
//
// Merges the layout facts of every parse (a record's members under a
// feature may be seen in one configuration, its sizeof in another) and
// reports each sizeof/alignof/offsetof whose value in the simulator (which
// holds the members of every variant) would differ from the variant's.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_LAYOUTJUDGE_H
#define VARSIM_REWRITE_SAFETY_LAYOUTJUDGE_H

#include "rewrite/ProjectLayout.h"
#include "rewrite/safety/FeatureRanges.h"
#include "rewrite/safety/SafetyFacts.h"

#include <vector>

namespace varsim::rewrite::safety {

std::vector<Finding> judgeLayouts(const std::vector<SafetyFacts> &Parses,
                                  const ProjectLayout &Project,
                                  const FeatureRanges &Ranges);

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_LAYOUTJUDGE_H
