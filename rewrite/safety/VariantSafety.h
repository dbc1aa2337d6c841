//===- rewrite/safety/VariantSafety.h - Refuse silently wrong simulators -*-
// C++ -*-===//
//
// The simulator compiles the declarations of every variant (the union):
// members, globals and functions under a feature #if are always there. Two
// kinds of code would then behave differently from the variant without
// failing to compile, and are refused with located errors:
//
//  - a sizeof/alignof/offsetof of a record that has members under a feature
//    (directly, or through what it holds by value): the simulator's layout
//    is that of every variant at once. Allowed where the larger value is
//    harmless: sizes passed to allocation and to memset/memcpy/memmove/
//    qsort/bsearch (possibly multiplied or added to), and the element count
//    `sizeof a / sizeof a[0]`.
//  - code that runs without being called: a namespace-scope or static
//    member object under a feature whose initialisation or destruction runs
//    project code (or any code with effects), a class member under a
//    feature whose construction or destruction does, and a function with
//    __attribute__((constructor/destructor)) under a feature.
//
// The pass parses every translation unit in every parse configuration.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_VARIANTSAFETY_H
#define VARSIM_REWRITE_SAFETY_VARIANTSAFETY_H

#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/FeatureSetup.h"
#include "rewrite/ProjectLayout.h"

#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace varsim::rewrite::safety {

struct SafetyInput {
  const ProjectLayout &Project;
  /// The scanned project files (absolute path), after any overlay.
  const std::map<std::string, FileStructure> &Structures;
  /// Which groups are feature groups, and their presence conditions.
  const std::map<std::string, FileGroups> &Groups;
  const FeatureSetup &Features;
  /// The -D flags of each parse configuration.
  std::vector<std::vector<std::string>> ParseDefines;
  /// Absolute path -> text the parses see instead of the file (may be null).
  const std::map<std::string, std::string> *Overlay = nullptr;
  unsigned Jobs = 1;
};

/// Every finding as a located error (`file:line:col: error: ...`), joined,
/// in file and line order; success if there is none. A translation unit
/// that does not compile in a configuration is skipped (the rewriter's own
/// parse reports it).
llvm::Error checkVariantSafety(const SafetyInput &In);

/// The same, with the parse configurations as the rewriter chose them (for
/// wiring the pass into rewriteProject with one call).
llvm::Error
checkVariantSafety(const ProjectLayout &Project,
                   const std::map<std::string, FileStructure> &Structures,
                   const std::map<std::string, FileGroups> &Groups,
                   const FeatureSetup &Features,
                   const std::vector<fm::Configuration> &ParseConfigurations,
                   const std::map<std::string, std::string> *Overlay,
                   unsigned Jobs);

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_VARIANTSAFETY_H
