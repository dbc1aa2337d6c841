//===- model/UnmarkedCode.h - Feature code timed in its callers -*- C++ -*-===//
//
// `varsim rewrite` leaves feature switches and tiny feature blocks without
// a marker (rewrite/MarkerPolicy.h): their time is the self time of the
// marked regions that hold or call them, which then depends on their
// features as if those features' data reached the region's control flow.
// The manifest lists them under "unmarked_code"; here they become extra
// influences for the local models (model/ContextModels.h). The entries are
// read by manifest/Manifest.h, as the planner reads them.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_UNMARKEDCODE_H
#define VARSIM_MODEL_UNMARKEDCODE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <string>
#include <vector>

namespace varsim::model {

using RegionInfluences = std::map<unsigned, std::vector<std::string>>;

/// Region -> features of the "unmarked_code" entries of a manifest (the
/// parsed object); entries without "timed_in" regions add nothing. A
/// manifest without the key (an older rewrite) gives none.
llvm::Expected<RegionInfluences>
unmarkedCodeInfluences(const llvm::json::Object &Manifest,
                       llvm::StringRef Path);

/// Reads Path (a manifest.json) and returns its unmarked code's influences.
llvm::Expected<RegionInfluences>
loadUnmarkedCodeInfluences(llvm::StringRef Path);

/// Into[R] becomes the sorted union of Into[R] and From[R], for every R.
void mergeInfluences(RegionInfluences &Into, const RegionInfluences &From);

} // namespace varsim::model

#endif // VARSIM_MODEL_UNMARKEDCODE_H
