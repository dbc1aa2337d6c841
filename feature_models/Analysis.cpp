//===- feature_models/Analysis.cpp - Mutually exclusive features ----------===//
//
// exclusiveGroups(): which concrete features never appear together. The
// exclusion graph comes from the BDD (so cross-tree constraints count, not
// only alternative groups); it is covered greedily by disjoint cliques.
//
//===----------------------------------------------------------------------===//

#include "feature_models/ModelImpl.h"

#include <algorithm>

namespace varsim::fm {

std::vector<std::vector<FeatureId>> FeatureModel::exclusiveGroups() const {
  std::lock_guard<std::recursive_mutex> Guard(buddy::lock());
  const BddSemantics &S = *P->Semantics;
  const std::vector<Feature> &Fs = P->Features;
  // Core and dead features exclude nothing worth planning for.
  BddSemantics::Possible Base = S.possible(S.model());
  std::vector<FeatureId> Candidates;
  for (FeatureId F = 0; F < Fs.size(); ++F)
    if (!Fs[F].Abstract && Base.CanSelect[F] && Base.CanDeselect[F])
      Candidates.push_back(F);

  size_t N = Candidates.size();
  std::vector<std::vector<bool>> Excludes(N, std::vector<bool>(N, false));
  std::vector<unsigned> Degree(N, 0);
  for (size_t A = 0; A < N; ++A) {
    BddSemantics::Possible With =
        S.possible(S.model() & S.literal({Candidates[A], false}));
    for (size_t B = 0; B < N; ++B)
      if (B != A && !With.CanSelect[Candidates[B]]) {
        Excludes[A][B] = true;
        ++Degree[A];
      }
  }

  // Greedy clique cover, most-excluding features first; ties in model order.
  std::vector<size_t> Order(N);
  for (size_t I = 0; I < N; ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(),
                   [&](size_t X, size_t Y) { return Degree[X] > Degree[Y]; });
  std::vector<bool> Covered(N, false);
  std::vector<std::vector<FeatureId>> Groups;
  for (size_t A : Order) {
    if (Covered[A] || Degree[A] == 0)
      continue;
    std::vector<size_t> Clique{A};
    for (size_t B : Order) {
      if (Covered[B] || B == A)
        continue;
      if (std::all_of(Clique.begin(), Clique.end(),
                      [&](size_t C) { return Excludes[C][B]; }))
        Clique.push_back(B);
    }
    if (Clique.size() < 2)
      continue;
    std::vector<FeatureId> Group;
    for (size_t C : Clique) {
      Covered[C] = true;
      Group.push_back(Candidates[C]);
    }
    std::sort(Group.begin(), Group.end());
    Groups.push_back(std::move(Group));
  }
  std::stable_sort(
      Groups.begin(), Groups.end(),
      [](const auto &X, const auto &Y) { return X.size() > Y.size(); });
  return Groups;
}

} // namespace varsim::fm
