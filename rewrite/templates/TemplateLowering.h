//===- rewrite/templates/TemplateLowering.h - Template variability -*- C++
//-*-===//
//
// Template-based compile-time variability (a policy, trait, specialization or
// `if constexpr` selected by a feature macro) lowered, before the #if rewrite,
// into code whose variability the #if rewriter encodes: every valid
// alternative instantiated, and a dispatch at the outermost configuration
// site. Runs on the original texts; returns the texts it changed.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_TEMPLATELOWERING_H
#define VARSIM_REWRITE_TEMPLATES_TEMPLATELOWERING_H

#include "manifest/Manifest.h"
#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureSetup.h"
#include "rewrite/ProjectLayout.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

namespace varsim::rewrite::templates {

/// The suffix of the function that reads a feature constant at run time.
inline constexpr llvm::StringLiteral ValueSuffix =
    manifest::ConstantValueSuffix;

struct LoweringInput {
  const ProjectLayout &Project;
  const FeatureSetup &Features;
  /// Original texts of the project's source files, by absolute path.
  const std::map<std::string, std::string> &Texts;
  unsigned Jobs = 1;
  llvm::raw_ostream *Log = nullptr;
  /// Files an earlier pass replaced (absolute path -> text; their Texts
  /// entries are these texts): the parses must see them. May be null.
  const std::map<std::string, std::string> *Overlay = nullptr;
  /// The files' structures with derived macros resolved (conditions over
  /// features, rewrite/DerivedMacros.h), for a pass that needs them; may
  /// be null (the pass scans the texts).
  const std::map<std::string, FileStructure> *Structures = nullptr;
};

/// One configuration site that was lowered (for the manifest and summary).
struct LoweredSite {
  std::string File;
  unsigned Line = 0;
  std::string Idiom;    ///< "policy", "trait", "specialization", ...
  std::string Features; ///< The feature macros that select it.
};

struct LoweringResult {
  /// Absolute path -> lowered text, only for files that changed. Line
  /// numbers of the original are kept (code that has no original line is
  /// appended or placed on existing lines), so diagnostics and the
  /// manifest's ranges stay those of the original sources.
  std::map<std::string, std::string> Files;
  std::vector<LoweredSite> Sites;
};

/// Lowers the project's template variability. An unsupported template
/// pattern on a feature is a located error naming the pattern.
llvm::Expected<LoweringResult>
lowerTemplateVariability(const LoweringInput &In);

} // namespace varsim::rewrite::templates

#endif // VARSIM_REWRITE_TEMPLATES_TEMPLATELOWERING_H
