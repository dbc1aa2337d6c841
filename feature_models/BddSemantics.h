//===- feature_models/BddSemantics.h - A feature model as a BDD -*- C++ -*-===//
//
// Private to feature_models/. The valid configurations of a model as one
// BuDDy BDD. Variables follow the feature tree in depth-first order (which
// keeps the BDD of the tree small); a numeric feature's values are extra
// one-hot variables right after its own, so that counting, enumeration and
// uniform sampling include numeric values.
//
// Every member function takes buddy::lock() itself; callers that hold bdd
// objects of their own (the sampler) take it too.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_FEATURE_MODELS_BDDSEMANTICS_H
#define VARSIM_FEATURE_MODELS_BDDSEMANTICS_H

#include "feature_models/BuddyManager.h"
#include "feature_models/Constraint.h"
#include "feature_models/FeatureModel.h"

#include "llvm/ADT/StringMap.h"

#include <functional>
#include <random>
#include <unordered_map>

namespace varsim::fm {

class BddSemantics {
public:
  /// Features must be in depth-first order with the root first.
  static llvm::Expected<std::unique_ptr<BddSemantics>>
  build(const std::vector<Feature> &Features,
        const std::vector<Constraint> &Constraints);
  ~BddSemantics();
  BddSemantics(const BddSemantics &) = delete;
  BddSemantics &operator=(const BddSemantics &) = delete;

  /// The valid configurations.
  const bdd &model() const { return Model; }
  /// The BDD of one literal.
  bdd literal(Literal L) const;
  /// Model and all literals.
  bdd restrict(llvm::ArrayRef<Literal> Required) const;

  /// Number of satisfying assignments of Set (over this model's variables).
  double count(const bdd &Set) const;

  /// Calls Visit on every assignment in Set, feature variables deselected
  /// first, numeric values in ascending order, until it returns false.
  /// Returns false if stopped.
  bool forEach(const bdd &Set,
               const std::function<bool(const Configuration &)> &Visit) const;

  /// For every feature, whether some assignment in Set selects it and
  /// whether some deselects it.
  struct Possible {
    std::vector<bool> CanSelect, CanDeselect;
  };
  Possible possible(const bdd &Set) const;

  /// The assignment in Set with the fewest (or, if MostSelected, the most)
  /// selected features, numeric features at their default where possible;
  /// ties go to deselection. None if Set is empty.
  std::optional<Configuration> optimal(const bdd &Set, bool MostSelected) const;

  /// Draws an assignment of Set uniformly at random. Counts caches the
  /// number of assignments below each node across draws from one Set.
  using CountCache = std::unordered_map<int, double>;
  std::optional<Configuration> drawUniform(const bdd &Set, std::mt19937_64 &Rng,
                                           CountCache &Counts) const;

private:
  BddSemantics(const std::vector<Feature> &Features);
  bdd toBdd(const condition::Cond &E) const;
  bdd exactlyOrAtMostOne(const std::vector<bdd> &Ops, bool Exactly) const;
  Configuration decode(const std::vector<char> &Assignment) const;
  double countBelow(int Node, CountCache &Counts) const;
  bool enumerate(int Node, unsigned Level, std::vector<char> &Assignment,
                 const std::function<bool(const Configuration &)> &Visit) const;

  size_t NumFeatures = 0;
  std::vector<std::vector<int64_t>> Values; ///< Numeric features' values.
  std::vector<int64_t> Defaults;
  llvm::StringMap<FeatureId> ByName; ///< Constraints name features.
  std::vector<int> FeatureVar;       ///< Indexed by FeatureId.
  std::vector<int> ValueVar;         ///< First value variable; numeric only.
  std::vector<FeatureId> OwnerOfVar;
  std::vector<bool> IsValueVar;
  unsigned NumVars = 0;
  bdd Model;
  /// possible()'s visited marks, by node id, reused across calls.
  mutable std::vector<unsigned> Visited;
  mutable unsigned Visit = 0;
};

} // namespace varsim::fm

#endif // VARSIM_FEATURE_MODELS_BDDSEMANTICS_H
