//===- rewrite/globals/GlobalVariants.h - File-scope variability -*- C++
//-*-===//
//
// File-scope entities whose definition differs per configuration (a table
// with #ifdef'd entries, an enum with #ifdef'd enumerators, a variable, a
// constant or a typedef defined per feature, an array whose bound is a
// macro defined per feature) cannot be compiled as the union of the
// variants. This pass lowers them, before the #if rewrite, into one renamed
// definition per configuration of their features, and the functions that use
// them into per-configuration variants under disciplined #ifs (or copies
// with a dispatcher), which the #if rewriter then encodes as feature
// switches. Runs on the texts after template lowering; returns the texts it
// changed.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_GLOBALS_GLOBALVARIANTS_H
#define VARSIM_REWRITE_GLOBALS_GLOBALVARIANTS_H

#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureSetup.h"
#include "rewrite/ProjectLayout.h"
#include "rewrite/globals/GlobalFacts.h"
#include "rewrite/templates/TemplateLowering.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite::globals {

struct GlobalsInput {
  const ProjectLayout &Project;
  const FeatureSetup &Features;
  /// Current texts of the project's source files, by absolute path (the
  /// template lowering already applied), and their #if structure.
  const std::map<std::string, std::string> &Texts;
  const std::map<std::string, FileStructure> &Structures;
  /// The files an earlier pass changed (absolute path -> text): parses must
  /// see these instead of the files on disk (ParseJob::Overlay).
  const std::map<std::string, std::string> &Overlay;
  unsigned Jobs = 1;
  llvm::raw_ostream *Log = nullptr;
  /// Parses one unit and collects its facts; empty: collectGlobalFacts.
  /// The rewrite passes install their other recorders on the same parse
  /// (rewrite/RecordingParse.h). Called from several threads at once.
  std::function<GlobalFacts(const GlobalFactsJob &)> Collect = {};
};

struct GlobalsResult {
  /// Absolute path -> lowered text, only for files that changed. The
  /// original line numbers are kept (#line), as in the template lowering.
  std::map<std::string, std::string> Files;
  /// One per lowered entity ("table", "enum", "variable", "typedef",
  /// "array bound", ...), for the manifest and the summary.
  std::vector<templates::LoweredSite> Sites;
};

/// The macros whose values the lowering's parses record
/// (GlobalFactsJob::WatchedMacros) on In's texts: a pass that parses
/// before it records its facts with the same set, so that the lowering can
/// take those parses (rewrite/passes/EarlyRecordings.h).
std::set<std::string> globalsWatchedMacros(const GlobalsInput &In);

/// Lowers the project's file-scope variability. What cannot be lowered is
/// a located error naming the construct; a project without any is returned
/// unchanged (no file in Files), cheaply.
llvm::Expected<GlobalsResult> lowerGlobalVariability(const GlobalsInput &In);

} // namespace varsim::rewrite::globals

#endif // VARSIM_REWRITE_GLOBALS_GLOBALVARIANTS_H
