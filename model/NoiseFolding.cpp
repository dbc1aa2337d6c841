//===- model/NoiseFolding.cpp - Terms too small to tell from noise --------===//

#include "model/NoiseFolding.h"

#include "model/PerformanceModel.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

namespace varsim::model {
namespace {

/// The index of T's closest ancestor in Terms (the most atoms, all of
/// them T's; then the largest); nullopt if there is none.
std::optional<size_t> closestAncestor(const std::vector<Term> &Terms,
                                      const Term &T) {
  std::set<std::string> Own = T.atomTexts();
  std::optional<size_t> Best;
  for (size_t K = 0; K < Terms.size(); ++K) {
    if (Terms[K].Atoms.size() >= Own.size())
      continue;
    std::set<std::string> Theirs = Terms[K].atomTexts();
    if (!std::includes(Own.begin(), Own.end(), Theirs.begin(), Theirs.end()))
      continue;
    if (!Best || Terms[K].Atoms.size() > Terms[*Best].Atoms.size() ||
        (Terms[K].Atoms.size() == Terms[*Best].Atoms.size() &&
         std::abs(Terms[K].Seconds) > std::abs(Terms[*Best].Seconds)))
      Best = K;
  }
  return Best;
}

} // namespace

NoiseFoldingSummary foldNoiseTerms(PerformanceModel &M, double Share) {
  NoiseFoldingSummary Out;
  if (Share <= 0 || M.Terms.empty())
    return Out;
  Out.ThresholdSeconds = Share * std::abs(M.totalSeconds());
  double Budget = Out.ThresholdSeconds;
  for (;;) {
    // The smallest term but Base that fits what is left of the budget.
    std::optional<size_t> Smallest;
    for (size_t K = 0; K < M.Terms.size(); ++K) {
      double S = std::abs(M.Terms[K].Seconds);
      if (!M.Terms[K].Atoms.empty() && S < Out.ThresholdSeconds &&
          S <= Budget &&
          (!Smallest || S < std::abs(M.Terms[*Smallest].Seconds)))
        Smallest = K;
    }
    if (!Smallest)
      break;
    Term Folded = std::move(M.Terms[*Smallest]);
    M.Terms.erase(M.Terms.begin() + static_cast<std::ptrdiff_t>(*Smallest));
    Budget -= std::abs(Folded.Seconds);
    std::optional<size_t> Into = closestAncestor(M.Terms, Folded);
    if (!Into) {
      M.Terms.insert(M.Terms.begin(), Term{});
      Into = 0;
    }
    M.Terms[*Into].Seconds += Folded.Seconds;
    Out.Folded.push_back(
        {Folded.name(), Folded.Seconds, M.Terms[*Into].name()});
  }
  sortLargestFirst(M.Terms);
  return Out;
}

} // namespace varsim::model
