//===- rewrite/ForeignFeatures.h - Features read outside the project -*- C++
//-*-===//
//
// A feature macro can be tested by a header varsim does not rewrite: NDEBUG
// by <assert.h>, _GNU_SOURCE by the C library, a vendored library's
// options. The variant is compiled with -D and the header's behaviour
// follows; the simulator is compiled once, without the feature, so every
// configuration would silently get the header's "undefined" behaviour.
//
// This pass runs before the other lowerings. It finds the feature macros
// that files outside the project test, lowers the ones it knows how to
// select at run time (NDEBUG around assert) into overlay texts, and
// refuses the others with a located error at the project's #include.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_FOREIGNFEATURES_H
#define VARSIM_REWRITE_FOREIGNFEATURES_H

#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureSetup.h"
#include "rewrite/ProjectLayout.h"
#include "rewrite/templates/TemplateLowering.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

namespace varsim::rewrite {

struct ForeignFeatureInput {
  const ProjectLayout &Project;
  const FeatureSetup &Features;
  /// Texts of the project's source files, by absolute path.
  const std::map<std::string, std::string> &Texts;
  const std::map<std::string, FileStructure> &Structures;
  unsigned Jobs = 1;
  llvm::raw_ostream *Log = nullptr;
};

struct ForeignFeatureResult {
  /// Absolute path -> new text, only for files that changed (line numbers
  /// of the original kept, as for the template lowering).
  std::map<std::string, std::string> Files;
  /// What was lowered (manifest "foreign_sites"): file, line, idiom
  /// ("assert"), the feature.
  std::vector<templates::LoweredSite> Sites;
};

llvm::Expected<ForeignFeatureResult>
lowerForeignFeatureTests(const ForeignFeatureInput &In);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_FOREIGNFEATURES_H
