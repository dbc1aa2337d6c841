//===- feature_models/ModelImpl.h - The inside of a FeatureModel -*- C++
//-*-===//
//
// Private to feature_models/: what a FeatureModel holds, and the builder
// that the readers fill and that checks the structure, numbers features in
// depth-first order, assigns macros and builds the BDD.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_FEATURE_MODELS_MODELIMPL_H
#define VARSIM_FEATURE_MODELS_MODELIMPL_H

#include "feature_models/BddSemantics.h"
#include "feature_models/Constraint.h"
#include "feature_models/FeatureModel.h"

#include "llvm/ADT/StringMap.h"

#include <memory>
#include <string>
#include <vector>

namespace varsim::fm {

struct FeatureModel::Impl {
  std::string Path;
  std::string MacroPrefix;       ///< Model-level prefix rule ("CONFIG_").
  std::vector<Feature> Features; ///< Depth-first order, root first.
  std::vector<Constraint> Constraints;
  llvm::StringMap<FeatureId> ByName, ByMacro;
  std::unique_ptr<BddSemantics> Semantics;
};

/// The macro of a concrete feature that names none: the prefix and the
/// name, with characters that cannot be in an identifier replaced by '_'.
std::string defaultMacro(llvm::StringRef Prefix, llvm::StringRef Name);

/// Collects features and constraints in any order (parents may be named
/// before they are declared), then checks and builds the model.
class FeatureModelBuilder {
public:
  explicit FeatureModelBuilder(std::string Path) : Path(std::move(Path)) {}

  /// Adds a feature (its Parent and Children are ignored: see setParent).
  /// Fails if the name is taken.
  llvm::Expected<unsigned> addFeature(Feature F);
  /// Makes Child the next child of Parent (both builder indices).
  void setParent(unsigned Child, unsigned Parent);
  std::optional<unsigned> lookup(llvm::StringRef Name) const;
  Feature &feature(unsigned Index) { return Features[Index]; }
  size_t size() const { return Features.size(); }

  /// Adds a constraint whose variables are builder indices.
  void addConstraint(Expr E, std::string Text, unsigned Line);
  void setMacroPrefix(std::string Prefix) { MacroPrefix = std::move(Prefix); }
  const std::string &path() const { return Path; }
  /// Where an empty model is reported.
  void setModelLine(unsigned Line) { ModelLine = Line; }

  /// Checks the model and builds it. Errors are `file:line: error: ...`.
  llvm::Expected<FeatureModel> build();

private:
  std::string Path;
  std::string MacroPrefix;
  unsigned ModelLine = 1;
  std::vector<Feature> Features;
  std::vector<std::optional<unsigned>> Parents;
  std::vector<std::vector<unsigned>> Kids;
  std::vector<Constraint> Constraints;
  llvm::StringMap<unsigned> ByName;
};

} // namespace varsim::fm

#endif // VARSIM_FEATURE_MODELS_MODELIMPL_H
