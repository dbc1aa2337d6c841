//===- rewrite/passes/RewriteState.h - What the rewrite passes share -*- C++
//-*-===//
//
// `varsim rewrite` is a list of passes (rewrite/passes/Passes.h) run in
// order over one RewriteState. Each pass reads what earlier passes added
// and adds its own part; the fields are grouped by the pass that fills
// them, in pipeline order. A pass that fails returns a located error and
// the pipeline stops; nothing is written to OUT before the output pass.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_PASSES_REWRITESTATE_H
#define VARSIM_REWRITE_PASSES_REWRITESTATE_H

#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/FeatureSetup.h"
#include "rewrite/FileRewriter.h"
#include "rewrite/Manifest.h"
#include "rewrite/ParseCount.h"
#include "rewrite/ParseFacts.h"
#include "rewrite/ProjectLayout.h"
#include "rewrite/RecordingParse.h"
#include "rewrite/Rewriter.h"
#include "rewrite/TargetMacros.h"
#include "rewrite/safety/SafetyFacts.h"
#include "rewrite/templates/TemplateLowering.h"
#include "support/Diagnostic.h"
#include "support/Output.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTUnit;
} // namespace clang

namespace varsim::rewrite {

struct RewriteState {
  explicit RewriteState(const RewriteOptions &Options)
      : Options(Options), Log(Options.Log ? *Options.Log : llvm::nulls()) {}

  const RewriteOptions &Options;
  llvm::raw_ostream &Log;

  // ProjectPass: the compile database's project, OUT and its lock.
  std::optional<ProjectLayout> Project;
  std::string Out;  ///< Absolute, without dots.
  std::string Temp; ///< Out + ".partial": written first, renamed to Out.
  std::unique_ptr<OutputLock> Lock;

  // ScanPass: every file of the project; the sources' texts (replaced by
  // each lowering) and #if structures. A source that does not scan is
  // recorded, not refused: it is an error only if a translation unit
  // includes it (FactsPass), and a lowering may replace it first.
  std::vector<std::string> AllFiles;
  std::map<std::string, std::string> Texts;
  std::map<std::string, FileStructure> Structures;
  /// Macros defined outside the project in some unit (ForeignFeaturesPass;
  /// nullopt until then, or if a unit did not preprocess).
  std::optional<std::set<std::string>> ExternalMacros;
  /// Target macros predefined alike in every unit (with ExternalMacros).
  std::optional<TargetMacros> Target;
  struct ScanDiagnostic {
    SourcePoint Where;
    std::string Message;
  };
  std::map<std::string, ScanDiagnostic> ScanErrors;

  // FeaturesPass.
  std::optional<FeatureSetup> Features;
  std::vector<std::string> FeatureMacros;

  // DerivedMacrosPass runs after the features and again after each
  // lowering that asks for it (the structures it resolved were rescanned).
  bool DerivedMacrosStale = true;

  // The lowerings (ForeignFeaturesPass, TemplateLoweringPass,
  // GlobalLoweringPass): the files they replaced (absolute path -> text;
  // every parse sees these) and what they lowered, for the manifest.
  std::map<std::string, std::string> Lowered;
  std::vector<templates::LoweredSite> ForeignSites, TemplateSites, GlobalSites;

  // DesignatedInitsPass, then GlobalLoweringPass: the recordings their
  // parses made with every recorder of the record pass and the global
  // lowering's, by (compile entry, defines joined), and the fingerprints
  // (recordingFingerprints) of the files when they were made
  // (rewrite/passes/EarlyRecordings.h). The next of these passes takes a
  // recording if no file it read changed since, and leaves in it only the
  // files each of its own parses read (the record pass, for the safety
  // pass, which takes them). RecordingGlobalsWatched: the macros the
  // global recorder watched in the designated initializers' parses.
  std::map<std::pair<size_t, std::string>, RecordedParse> Recordings;
  std::map<std::string, std::string> RecordingFingerprints;
  std::set<std::string> RecordingGlobalsWatched;

  // FeatureGroupsPass: per file, its feature groups and the directives the
  // parses place; the presence conditions to cover; which macros are
  // tested and defined where (for messages).
  std::map<std::string, FileGroups> Groups;
  std::map<std::string, std::vector<unsigned>> Watched;
  std::vector<CondPtr> ToCover;
  std::set<std::string> Tested;
  std::map<std::string, std::string> TestedAt;
  std::map<std::string, std::set<std::string>> TestedIn;
  std::map<std::string, std::vector<ProjectContext::DefineSite>> DefinedAt;

  // ParseConfigurationsPass.
  std::vector<fm::Configuration> Configs;
  std::vector<std::string> ConfigNames;

  // RecordPass: every translation unit parsed once in every parse
  // configuration with every recorder, at [entry * Configs.size() +
  // configuration]: the parse facts, and the safety facts (empty when
  // nothing is conditional; taken by SafetyPass).
  std::vector<ParseResult> Results;
  std::vector<safety::SafetyFacts> RecordedSafety;

  // FactsPass: per project file, what each parse that included it says.
  std::map<std::string, std::vector<ParseView>> Views;

  // PlanningPass: what the whole project shares while files are rewritten
  // (switches, per-feature macros, parameter unions, the region tables).
  std::optional<ProjectContext> Ctx;

  // FileRewritePass: the rewritten text of each file that changed.
  std::map<std::string, std::string> Rewritten;

  // OutputPass: OUT written and swapped in; the summary. With the
  // data-flow analysis asked for, the compile check's parse of each
  // simulator translation unit is kept (in database order, parsed under
  // Temp) for DataFlowPass, which then parses nothing itself.
  manifest::Manifest Manifest;
  RewriteSummary Summary;
  std::vector<std::unique_ptr<clang::ASTUnit>> SimulatorUnits;

  // Every parse of a translation unit, by pass (ParseCount.h); recorded by
  // the pipeline while the passes run.
  ParseCounts Parses;

  /// Replaces the files a lowering changed: texts, structures, the
  /// overlay the parses see. A recorded scan error of a replaced file goes.
  llvm::Error applyLowering(std::map<std::string, std::string> Files);

  /// What a template lowering of rewrite/templates/ reads of this state.
  templates::LoweringInput templateInput() {
    return {*Project, *Features, Texts, Options.Jobs, Options.Log, &Lowered};
  }
  /// Applies a template lowering's files (the derived macros are then
  /// stale) and appends its sites to TemplateSites, in pass order.
  llvm::Error
  applyTemplateLowering(llvm::Expected<templates::LoweringResult> Lowering);
};

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_PASSES_REWRITESTATE_H
