//===- model/CopyFamilies.cpp - Copies of one function in the call graph --===//

#include "model/CopyFamilies.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>

namespace varsim::model {

std::vector<std::vector<callgraph::Vertex>>
groupCopies(const callgraph::CallGraph &CG) {
  // (the parent's group + 1 or 0, function, file, line, kind)
  using Key =
      std::tuple<uint32_t, std::string, std::string, unsigned, unsigned>;
  std::map<Key, uint32_t> KeyIndex;
  std::vector<uint32_t> GroupOf(CG.size(), 0);
  std::vector<std::vector<callgraph::Vertex>> Groups;
  for (callgraph::Vertex V = 0; V < CG.size(); ++V) {
    const callgraph::ContextNode &N = CG[V];
    const callgraph::TraceRegion &R = CG.regions()[N.Region];
    // Parents come before their children (callgraph/CallGraph.cpp).
    uint32_t Parent = N.Parent >= 0 ? GroupOf[N.Parent] + 1 : 0;
    Key K{Parent, R.Function, R.File, R.Line, static_cast<unsigned>(R.Kind)};
    auto [It, New] =
        KeyIndex.try_emplace(K, static_cast<uint32_t>(Groups.size()));
    if (New)
      Groups.emplace_back();
    GroupOf[V] = It->second;
    Groups[It->second].push_back(V);
  }
  return Groups;
}

std::vector<bool> copiedRegions(const callgraph::CallGraph &CG) {
  using Key = std::tuple<std::string, unsigned, std::string, unsigned>;
  auto KeyOf = [](const callgraph::TraceRegion &R) {
    return Key{R.File, R.Line, R.Function, static_cast<unsigned>(R.Kind)};
  };
  std::map<Key, std::set<std::string>> Conditions;
  for (const callgraph::TraceRegion &R : CG.regions())
    Conditions[KeyOf(R)].insert(R.ConditionText);
  std::vector<bool> Copied;
  for (const callgraph::TraceRegion &R : CG.regions())
    Copied.push_back(Conditions[KeyOf(R)].size() > 1);
  return Copied;
}

std::vector<LocalTerm> termsOfCopy(llvm::ArrayRef<LocalTerm> Family,
                                   size_t FeatureCount,
                                   std::optional<unsigned> Indicator) {
  std::vector<LocalTerm> Out;
  for (const LocalTerm &T : Family) {
    LocalTerm Own = T;
    bool Holds = true;
    std::erase_if(Own.Assignment, [&](const std::pair<unsigned, int64_t> &L) {
      if (L.first < FeatureCount)
        return false;
      Holds &= Indicator && L.first == *Indicator && L.second != 0;
      return true;
    });
    if (!Holds)
      continue;
    auto Same = llvm::find_if(Out, [&](const LocalTerm &O) {
      return O.Assignment == Own.Assignment && O.Unlike == Own.Unlike;
    });
    if (Same == Out.end()) {
      Out.push_back(std::move(Own));
      continue;
    }
    Same->Seconds += Own.Seconds;
    Same->Runs = std::max(Same->Runs, Own.Runs);
    Same->NoiseSeconds = std::max(Same->NoiseSeconds, Own.NoiseSeconds);
  }
  sortTermsByOrder(Out);
  return Out;
}

} // namespace varsim::model
