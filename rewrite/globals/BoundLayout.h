//===- rewrite/globals/BoundLayout.h - Layouts a largest bound changes -*- C++
//-*-===//
//
// A member array whose bound is a macro per feature
// (`struct pool_class classes[POOL_CLASSES];`) is compiled with the largest
// bound over the valid configurations: the simulator's record is then
// larger than the variant's. That is sound where nothing observes the
// record's size or the layout behind the array; the safety pass's layout
// judgement (rewrite/safety/LayoutJudge.h) says where something does, once
// the array is counted as a member that differs per configuration.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_GLOBALS_BOUNDLAYOUT_H
#define VARSIM_REWRITE_GLOBALS_BOUNDLAYOUT_H

#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/FeatureSetup.h"
#include "rewrite/ProjectLayout.h"

#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace varsim::rewrite::globals {

/// A member array whose bound was lowered to its largest value.
struct LoweredBound {
  std::string File;          ///< Where the record is defined (absolute).
  unsigned RecordOffset = 0; ///< Of the record's name.
  unsigned FieldOffset = 0;  ///< Of the member's name.
  std::string Field;
  std::string Why; ///< "its bound POOL_CLASSES per CACHE_LINE".
};

struct BoundLayoutInput {
  const ProjectLayout &Project;
  const std::map<std::string, FileStructure> &Structures;
  const std::map<std::string, FileGroups> &Groups;
  const FeatureSetup &Features;
  /// The -D flags of each parse configuration.
  const std::vector<std::vector<std::string>> &ParseDefines;
  const std::map<std::string, std::string> *Overlay = nullptr;
  unsigned Jobs = 1;
};

/// A located error for the first use (in file order) whose value depends
/// on a lowered bound (sizeof, alignof, offsetof of what follows it, also
/// through records and arrays that hold it by value) and that the safety
/// pass would not refuse anyway; success if there is none.
llvm::Error judgeLoweredBounds(const std::vector<LoweredBound> &Bounds,
                               const BoundLayoutInput &In);

} // namespace varsim::rewrite::globals

#endif // VARSIM_REWRITE_GLOBALS_BOUNDLAYOUT_H
