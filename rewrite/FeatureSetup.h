//===- rewrite/FeatureSetup.h - The features a rewrite encodes --*- C++ -*-===//
//
// Which feature model a rewrite uses (given, found beside the project, or
// inferred from the macros the project tests but never defines), which
// macros are features, what a configuration means for the preprocessor
// (-D flags, macro values), and the simulator's feature and constraint
// tables derived from the model.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_FEATURESETUP_H
#define VARSIM_REWRITE_FEATURESETUP_H

#include "feature_models/FeatureModel.h"
#include "rewrite/DirectiveScanner.h"
#include "runtime/SimulatorTables.h"

#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite {

/// What preprocessing the project showed before its features were
/// inferred (rewrite/ForeignFeatures.h, surveyForInference): inference
/// leaves out the macros files outside the project define or test (zlib's
/// `#ifdef O_EXCL`, `#if INT_MAX`: <fcntl.h>'s and <limits.h>'s, never the
/// project's options) and those tested only in files no translation unit
/// can reach (zlib's contrib/minizip, which no compile command builds).
struct InferenceEvidence {
  /// Macros defined or tested by a file outside the project.
  std::set<std::string> External;
  /// Project files a translation unit read, and those an #include of
  /// theirs names (reached under some other configuration); nullopt when
  /// some unit did not preprocess cleanly.
  std::optional<std::set<std::string>> Reached;
};

struct FeatureSetup {
  fm::FeatureModel Model;
  std::string ModelPath; ///< "" when inferred.
  bool Inferred = false;
  std::map<std::string, fm::FeatureId> ByMacro;
  /// Macros the compile database passes with -D (never derived: their
  /// value does not come from the sources).
  std::set<std::string> CommandLineDefines = {};
  /// Of those, the ones every compile command defines, with the one value
  /// they all give (`-DUSER_CONFIG="cfg.h"`): what `#include USER_CONFIG`
  /// names, and which `#if defined(USER_CONFIG)` every unit enters.
  std::map<std::string, std::string> CommandLineEverywhere = {};
  /// When inferred with evidence: the tested macros left out as the
  /// platform's, and those tested only in files no unit reaches.
  std::vector<std::string> SkippedExternal = {}, SkippedUnreached = {};

  bool isFeatureMacro(llvm::StringRef Macro) const {
    return ByMacro.count(Macro.str()) != 0;
  }
  bool isNumeric(llvm::StringRef Macro) const;
  std::vector<std::string> macros() const;

  /// The macro's value under C: nullopt if not defined.
  std::optional<int64_t> macroValue(const fm::Configuration &C,
                                    llvm::StringRef Macro) const;
  /// -D flags that select C ("-DA=1", "-DLEVEL=2").
  std::vector<std::string> defines(const fm::Configuration &C) const;
  /// The simulator's feature table, constraints and default configuration.
  runtime::SimulatorTables tables() const;
  /// The table entry of a macro's feature, for featureValueExpr.
  runtime::FeatureDesc descOf(llvm::StringRef Macro) const;
};

/// Macros that compilers and platforms predefine (a leading underscore,
/// `linux`, `WIN32`, ...) and C++'s `true` and `false`: never features,
/// constant over a translation unit, never derived from features.
bool isPlatformMacro(llvm::StringRef M);

/// Loads ModelPath; or, if empty, a model.xml (or another FeatureIDE/SPL
/// Conqueror XML file) in ProjectRoot; or infers one from the macros that
/// Structures test and never define (nor DefinedOnCommandLine), less what
/// Evidence shows not to be the project's.
llvm::Expected<FeatureSetup>
setUpFeatures(llvm::StringRef ModelPath, llvm::StringRef ProjectRoot,
              const std::map<std::string, FileStructure> &Structures,
              const std::vector<std::string> &DefinedOnCommandLine,
              const InferenceEvidence *Evidence = nullptr);

/// Reached closed over the #includes of reached files: a project file whose
/// name an #include of a reached file ends with (in any branch) is reached.
std::set<std::string>
closeOverIncludes(std::set<std::string> Reached,
                  const std::map<std::string, FileStructure> &Structures);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_FEATURESETUP_H
