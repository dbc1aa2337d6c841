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
#include "rewrite/TargetMacros.h"
#include "rewrite/templates/TemplateLowering.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
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
  /// Every macro a file outside the project (a system header, the
  /// compiler's predefines, the command line) defined in some unit, when
  /// every unit was preprocessed without error; a macro outside it that the
  /// project never defines either is undefined wherever it is tested.
  std::optional<std::set<std::string>> ExternalMacros;
  /// The target macros (rewrite/TargetMacros.h) the compiler predefined in
  /// every unit, with their bodies; known when ExternalMacros is.
  std::optional<TargetMacros> Target;
};

/// Finds the feature macros tested outside the project (in every
/// translation unit, preprocessed once in one valid configuration); lowers
/// NDEBUG around assert (docs/foreign.md) and refuses every other one with
/// a located error at the project's #include that brings the header in.
llvm::Expected<ForeignFeatureResult>
lowerForeignFeatureTests(const ForeignFeatureInput &In);

/// A feature macro tested by a file varsim does not rewrite.
struct ForeignTest {
  std::string Macro;
  std::string Header; ///< The file that tests it (absolute).
  unsigned HeaderLine = 0;
  /// The innermost project file in the include chain and its #include.
  std::string From;
  unsigned FromLine = 0, FromOffset = 0;
};

/// What preprocessing one translation unit found.
struct ForeignScan {
  std::vector<ForeignTest> Tests;
  /// (file, offset) of the project's uses of a foreign `assert` macro.
  std::set<std::pair<std::string, unsigned>> AssertUses;
  /// The project's files the translation unit reads (itself included).
  std::set<std::string> Included;
  /// Macros defined by files outside the project (and predefined).
  std::set<std::string> ExternalMacros;
  /// Target macros the compiler predefined, with their bodies.
  TargetMacros Predefined;
  bool Failed = false; ///< Preprocessing reported errors (not fatal here).
};

/// Preprocesses Entry (no parse) with Defines, recording the tests of
/// FeatureMacros outside the project.
ForeignScan scanForeignTests(const CompileEntry &Entry,
                             const ProjectLayout &Project,
                             const std::vector<std::string> &Defines,
                             const std::vector<std::string> &FeatureMacros);

/// Every translation unit of In scanned (in parallel), deduplicated and
/// sorted by the project's file and line.
std::vector<ForeignTest> detectForeignTests(const ForeignFeatureInput &In);

/// Preprocesses every unit of In with its (inferred) features as the first
/// parse configuration selects them: the macros files outside the project
/// define or test (NDEBUG's test in <assert.h> aside, which the lowering
/// handles) and the project files some unit can reach, for setUpFeatures.
InferenceEvidence surveyForInference(const ForeignFeatureInput &In);

/// Text with every use of `assert(e)` / `assert_perror(e)` (in code and in
/// #define bodies; Only: just these offsets, when not null) wrapped as
/// `(Flag ? (void)0 : assert(e))`, lines unchanged; nullopt if none. The
/// offsets of the wrapped uses are appended to Lowered.
std::optional<std::string>
lowerAssertUses(const std::string &File, const std::string &Text,
                const FileStructure &FS, const std::string &Flag,
                const std::set<unsigned> *Only, std::vector<unsigned> &Lowered);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_FOREIGNFEATURES_H
