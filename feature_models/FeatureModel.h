//===- feature_models/FeatureModel.h - Feature models -----------*- C++ -*-===//
//
// The public face of feature_models/: a feature model read from FeatureIDE
// or SPL Conqueror XML, its configurations, and its semantics (validity,
// counting, enumeration, groups, dead/core features, implications,
// sampling), decided on a BDD rather than by brute force.
//
// Vocabulary used across varsim:
//  - A *feature* has a name and the *macro* that stands for it in the
//    sources (by default the name itself).
//  - A CONFIG string is a comma-separated list of selected concrete features,
//    numeric features as NAME=VALUE: "SIGN,ENCRYPT,LEVEL=2". Mandatory and
//    abstract features are implied; "" selects no optional feature.
//  - A Literal is a feature that is selected (or, Negated, deselected).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_FEATURE_MODELS_FEATUREMODEL_H
#define VARSIM_FEATURE_MODELS_FEATUREMODEL_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace varsim::fm {

using FeatureId = unsigned;

enum class FeatureKind { Boolean, Numeric };
enum class GroupKind { And, Or, Alternative };

struct Feature {
  std::string Name;
  std::string Macro; ///< The macro that stands for it in the sources.
  FeatureKind Kind = FeatureKind::Boolean;
  bool Mandatory = false;
  bool Abstract = false;
  bool Hidden = false;
  std::optional<FeatureId> Parent;
  std::vector<FeatureId> Children;
  GroupKind ChildGroup = GroupKind::And; ///< How the children are grouped.
  /// Numeric features only: the values it may take (min..max by step, or an
  /// explicit list), and its default.
  std::vector<int64_t> Values;
  int64_t DefaultValue = 0;
  unsigned Line = 0; ///< Line in the model file, for diagnostics.
};

/// A feature or its negation.
struct Literal {
  FeatureId Feature;
  bool Negated = false;
  friend bool operator==(const Literal &, const Literal &) = default;
  friend auto operator<=>(const Literal &, const Literal &) = default;
};

/// A (complete) assignment: for every feature whether it is selected, and
/// for numeric features their value.
struct Configuration {
  std::vector<bool> Selected;  ///< Indexed by FeatureId.
  std::vector<int64_t> Values; ///< Indexed by FeatureId; numeric only.
  friend bool operator==(const Configuration &,
                         const Configuration &) = default;
};

enum class SampleStrategy {
  All,
  FeatureWise,         ///< One configuration per optional feature enabled.
  NegativeFeatureWise, ///< One per optional feature disabled.
  PairWise,            ///< Covers every valid pair of literals.
  Random,              ///< N distinct configurations, uniformly, by seed.
};

struct SampleOptions {
  SampleStrategy Strategy = SampleStrategy::All;
  unsigned Count = 0; ///< Random: how many.
  uint64_t Seed = 1;
  unsigned T = 2; ///< T-wise coverage strength for PairWise.
};

class FeatureModel {
public:
  ~FeatureModel();
  FeatureModel(FeatureModel &&) noexcept;
  FeatureModel &operator=(FeatureModel &&) noexcept;

  // --- Structure ------------------------------------------------------------
  const std::vector<Feature> &features() const;
  const Feature &feature(FeatureId Id) const;
  FeatureId root() const;
  std::optional<FeatureId> findByName(llvm::StringRef Name) const;
  std::optional<FeatureId> findByMacro(llvm::StringRef Macro) const;
  /// Concrete (non-abstract) features that a CONFIG string may name.
  std::vector<FeatureId> concreteFeatures() const;
  /// Where it was read from ("" if built in memory).
  llvm::StringRef path() const;
  /// The cross-tree constraints as text (`Sabbath => !Service`), in the
  /// model's order; SPL Conqueror's implied and excluded options and
  /// alternative groups that need one appear here too.
  std::vector<std::string> constraintTexts() const;

  // --- Configurations -------------------------------------------------------
  /// Parses a CONFIG string; mandatory and abstract features are completed
  /// as the model implies. Unknown names, abstract features, a feature
  /// named twice (by name or macro) and malformed values are errors.
  /// The result may still be invalid: see check().
  llvm::Expected<Configuration> parseConfig(llvm::StringRef Config) const;
  /// Success if valid; otherwise an error naming the violated constraint
  /// (e.g. "alternative group 'Algorithm' needs exactly one of ...").
  llvm::Error check(const Configuration &C) const;
  /// The CONFIG string: selected concrete features in model order.
  std::string format(const Configuration &C) const;
  /// The compiler flags that build the variant C from the original sources:
  /// `-DMACRO=1` for each selected concrete boolean feature, `-DMACRO=VALUE`
  /// for a selected numeric one; deselected and abstract features get none.
  std::vector<std::string> compilerDefines(const Configuration &C) const;
  /// The configuration that selects no optional feature, if valid; else the
  /// first valid configuration in enumeration order.
  std::optional<Configuration> defaultConfiguration() const;

  // --- Semantics (BDD-backed) -----------------------------------------------
  /// Number of valid configurations (exact up to 2^53, then approximate).
  double count() const;
  /// Calls Visit for each valid configuration, lazily, until it returns
  /// false.
  void
  forEachValid(const std::function<bool(const Configuration &)> &Visit) const;
  bool isSatisfiable(llvm::ArrayRef<Literal> Conjunction) const;
  /// True if every valid configuration with all of Premises has Conclusion.
  bool implies(llvm::ArrayRef<Literal> Premises, Literal Conclusion) const;
  std::vector<FeatureId> coreFeatures() const; ///< In every valid config.
  std::vector<FeatureId> deadFeatures() const; ///< In no valid config.
  /// Sets of concrete features of which at most one is selected in any valid
  /// configuration (from alternative groups and cross-tree constraints),
  /// largest first; singleton sets are left out.
  std::vector<std::vector<FeatureId>> exclusiveGroups() const;
  /// A valid configuration that has all of Required, if any, preferring few
  /// selected optional features.
  std::optional<Configuration>
  findValid(llvm::ArrayRef<Literal> Required) const;
  llvm::Expected<std::vector<Configuration>>
  sample(const SampleOptions &Options) const;

  // --- Construction ---------------------------------------------------------
  /// A model for sources with no model file: a root "Base" (abstract) with
  /// one optional boolean feature per macro.
  static FeatureModel inferFromMacros(llvm::ArrayRef<std::string> Macros);

  struct Impl;

private:
  explicit FeatureModel(std::unique_ptr<Impl> I);
  std::unique_ptr<Impl> P;
  friend class FeatureModelBuilder;
  friend void writeFeatureIDE(const FeatureModel &M, llvm::raw_ostream &OS);
};

/// Reads a FeatureIDE model.xml or an SPL Conqueror <vm> file (by its root
/// element). Errors are `file:line: error: ...`.
llvm::Expected<FeatureModel> loadFeatureModel(llvm::StringRef Path);
llvm::Expected<FeatureModel> parseFeatureModel(llvm::StringRef XmlText,
                                               llvm::StringRef PathForErrors);

/// A number of configurations as text: exact digits up to 2^53, otherwise
/// scientific notation ("1.2346e+60").
std::string formatCount(double N);

/// Writes M as FeatureIDE XML.
void writeFeatureIDE(const FeatureModel &M, llvm::raw_ostream &OS);

} // namespace varsim::fm

#endif // VARSIM_FEATURE_MODELS_FEATUREMODEL_H
