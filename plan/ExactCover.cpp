//===- plan/ExactCover.cpp - The fewest runs, by search -------------------===//

#include "plan/ExactCover.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>
#include <set>

namespace varsim::plan {

namespace {

using CandidateSet = std::vector<uint32_t>; // Sorted candidate indices.

/// The requirements as sets of candidates that cover them. Requirements
/// with the same set are one element; a group's base is the elements it
/// needs.
struct Instance {
  std::vector<CandidateSet> Elements;
  std::vector<bool> Required; ///< Per element: needed whatever the groups.
  /// Per group, per base choice that some cover can meet: its elements.
  std::vector<std::vector<std::vector<uint32_t>>> Groups;
  std::vector<std::vector<uint32_t>> Covers; ///< Candidate -> elements.
};

CandidateSet coveringCandidates(const std::vector<fm::Configuration> &Cands,
                                const RequirementSpec &R) {
  CandidateSet S;
  for (size_t C = 0; C < Cands.size(); ++C)
    if (covers(Cands[C], R))
      S.push_back(static_cast<uint32_t>(C));
  return S;
}

Instance buildInstance(const std::vector<fm::Configuration> &Cands,
                       const std::vector<RequirementSpec> &Specs) {
  Instance I;
  std::map<CandidateSet, uint32_t> ElementOf;
  auto Intern = [&](CandidateSet S) {
    auto [It, New] = ElementOf.try_emplace(std::move(S), I.Elements.size());
    if (New) {
      I.Elements.push_back(It->first);
      I.Required.push_back(false);
    }
    return It->second;
  };
  // Group number -> base choice -> elements (nothing: the base cannot be
  // met, some requirement of it has no covering candidate).
  std::map<unsigned, std::map<unsigned, std::optional<std::set<uint32_t>>>>
      Bases;
  for (const RequirementSpec &R : Specs) {
    CandidateSet S = coveringCandidates(Cands, R);
    if (R.BaseGroup == 0) {
      if (!S.empty()) // Else no run can cover it: a note says so.
        I.Required[Intern(std::move(S))] = true;
      continue;
    }
    auto [It, New] =
        Bases[R.BaseGroup].try_emplace(R.BaseChoice, std::set<uint32_t>());
    if (!It->second)
      continue;
    if (S.empty())
      It->second.reset();
    else
      It->second->insert(Intern(std::move(S)));
  }
  std::set<std::vector<std::vector<uint32_t>>> SeenGroups;
  for (auto &[Group, Choices] : Bases) {
    std::vector<std::vector<uint32_t>> Met;
    bool Trivial = false;
    for (auto &[Choice, Elements] : Choices) {
      if (!Elements)
        continue;
      std::vector<uint32_t> E(Elements->begin(), Elements->end());
      // A base whose every element is required anyway is met by any cover.
      Trivial |= llvm::all_of(E, [&](uint32_t X) { return I.Required[X]; });
      Met.push_back(std::move(E));
    }
    if (Met.empty() || Trivial)
      continue; // No base can be met (as greedy: uncovered) or any is.
    if (SeenGroups.insert(Met).second)
      I.Groups.push_back(std::move(Met));
  }
  I.Covers.resize(Cands.size());
  for (uint32_t E = 0; E < I.Elements.size(); ++E)
    for (uint32_t C : I.Elements[E])
      I.Covers[C].push_back(E);
  return I;
}

class Search {
public:
  Search(const Instance &I, uint64_t Budget)
      : I(I), Count(I.Elements.size(), 0), Budget(Budget) {}

  void choose(uint32_t C) {
    Chosen.push_back(C);
    for (uint32_t E : I.Covers[C])
      ++Count[E];
  }
  void unchoose() {
    for (uint32_t E : I.Covers[Chosen.back()])
      --Count[E];
    Chosen.pop_back();
  }

  /// A cover of at most Size candidates extending Chosen, left in Chosen.
  bool extend(size_t Size) {
    if (++Nodes > Budget) {
      OutOfBudget = true;
      return false;
    }
    CandidateSet Key = Chosen;
    llvm::sort(Key);
    if (!Visited.insert(Key).second)
      return false; // The same set in another order.
    std::vector<uint32_t> Branch = branches();
    if (Branch.empty())
      return true;
    if (Chosen.size() >= Size)
      return false;
    for (uint32_t C : Branch) {
      if (llvm::is_contained(Chosen, C))
        continue;
      choose(C);
      if (extend(Size))
        return true;
      unchoose();
      if (OutOfBudget)
        return false;
    }
    return false;
  }

  void startOver() { Visited.clear(); }

  std::vector<uint32_t> Chosen;
  bool OutOfBudget = false;

private:
  /// The candidates one of which any cover extending Chosen must add: those
  /// covering the uncovered required element with the fewest of them, or,
  /// when every required element is covered, those covering an uncovered
  /// element of a group none of whose bases is met. Empty: Chosen is a
  /// cover.
  std::vector<uint32_t> branches() const {
    std::optional<uint32_t> Hardest;
    for (uint32_t E = 0; E < I.Elements.size(); ++E)
      if (I.Required[E] && Count[E] == 0 &&
          (!Hardest || I.Elements[E].size() < I.Elements[*Hardest].size()))
        Hardest = E;
    if (Hardest)
      return I.Elements[*Hardest];
    for (const std::vector<std::vector<uint32_t>> &Group : I.Groups) {
      auto Met = [&](const std::vector<uint32_t> &Base) {
        return llvm::all_of(Base, [&](uint32_t E) { return Count[E] > 0; });
      };
      if (llvm::any_of(Group, Met))
        continue;
      std::set<uint32_t> Any;
      for (const std::vector<uint32_t> &Base : Group)
        for (uint32_t E : Base)
          if (Count[E] == 0)
            Any.insert(I.Elements[E].begin(), I.Elements[E].end());
      return std::vector<uint32_t>(Any.begin(), Any.end());
    }
    return {};
  }

  const Instance &I;
  std::vector<uint32_t> Count; ///< Per element: chosen candidates covering.
  std::set<CandidateSet> Visited;
  uint64_t Nodes = 0;
  uint64_t Budget;
};

} // namespace

std::optional<std::vector<size_t>>
findExactCover(const std::vector<fm::Configuration> &Candidates,
               const std::vector<RequirementSpec> &Specs,
               const ExactCoverOptions &Options) {
  Instance I = buildInstance(Candidates, Specs);
  Search S(I, Options.Budget);
  if (Options.Forced)
    S.choose(static_cast<uint32_t>(*Options.Forced));
  for (size_t Size = 1; Size < Options.FewerThan; ++Size) {
    S.startOver();
    if (S.extend(Size)) {
      std::vector<size_t> Out(S.Chosen.begin(), S.Chosen.end());
      if (Options.Forced)
        std::sort(Out.begin() + 1, Out.end());
      else
        llvm::sort(Out);
      return Out;
    }
    if (S.OutOfBudget)
      return std::nullopt;
  }
  return std::nullopt;
}

std::vector<unsigned> chosenBases(const std::vector<fm::Configuration> &Runs,
                                  const std::vector<RequirementSpec> &Specs) {
  // Group -> choice -> all of its requirements covered so far.
  std::map<unsigned, std::map<unsigned, bool>> Met;
  unsigned Groups = 0;
  for (const RequirementSpec &R : Specs) {
    if (R.BaseGroup == 0)
      continue;
    Groups = std::max(Groups, R.BaseGroup);
    bool Covered = llvm::any_of(
        Runs, [&](const fm::Configuration &C) { return covers(C, R); });
    auto [It, New] = Met[R.BaseGroup].try_emplace(R.BaseChoice, true);
    It->second = It->second && Covered;
  }
  std::vector<unsigned> Chosen(Groups + 1, 0);
  for (const auto &[Group, Choices] : Met)
    for (const auto &[Choice, AllCovered] : Choices)
      if (AllCovered) {
        Chosen[Group] = Choice;
        break;
      }
  return Chosen;
}

} // namespace varsim::plan
