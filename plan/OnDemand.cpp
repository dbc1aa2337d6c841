//===- plan/OnDemand.cpp - Cover a function's copies once it runs ---------===//

#include "plan/OnDemand.h"

#include "llvm/ADT/STLExtras.h"

#include <set>

namespace varsim::plan {

std::vector<OnDemandFamily>
collapseCopyFamilies(std::vector<RegionToCover> &Regions,
                     const std::map<std::string, CopiedFunction> &Copied) {
  std::vector<OnDemandFamily> Families;
  std::map<std::string, size_t> Index;
  std::vector<RegionToCover> Kept;
  for (RegionToCover &R : Regions) {
    auto It = R.CopyOf.empty() ? Copied.end() : Copied.find(R.CopyOf);
    if (It == Copied.end()) {
      Kept.push_back(std::move(R));
      continue;
    }
    auto [At, New] = Index.try_emplace(R.CopyOf, Families.size());
    if (New) {
      // The stand-in takes the place of the family's first member.
      RegionToCover Stand;
      Stand.IsVariant = true;
      Stand.CopyOf = R.CopyOf;
      Stand.Condition = It->second.Presence;
      Stand.Function = R.CopyOf.substr(0, R.CopyOf.find(" ("));
      Stand.Label = R.CopyOf + ", any of its " +
                    std::to_string(It->second.Copies) +
                    " copies (the others on demand)";
      Kept.push_back(std::move(Stand));
      Families.push_back({R.CopyOf, {}, It->second.Copies});
    }
    Families[At->second].Members.push_back(std::move(R));
  }
  Regions = std::move(Kept);
  return Families;
}

std::vector<size_t> familiesThatRan(llvm::ArrayRef<OnDemandFamily> Families,
                                    llvm::ArrayRef<RunEvidence> Runs) {
  std::vector<size_t> Ran;
  for (size_t F = 0; F < Families.size(); ++F) {
    bool Visited = llvm::any_of(Families[F].Members, [&](const auto &M) {
      return !M.IsVariant && llvm::any_of(Runs, [&](const RunEvidence &E) {
        // A median of 0 with counts that vary: some repetition
        // visited it (or the runtime folded it after visits).
        return M.Id < E.Calls.size() &&
               (E.Calls[M.Id] > 0 || E.CountsVary[M.Id]);
      });
    });
    if (Visited)
      Ran.push_back(F);
  }
  return Ran;
}

std::vector<RegionToCover>
expandFamilies(const std::vector<RegionToCover> &Regions,
               llvm::ArrayRef<OnDemandFamily> Families,
               llvm::ArrayRef<size_t> Ran) {
  std::set<std::string> Expanded;
  for (size_t F : Ran)
    Expanded.insert(Families[F].Key);
  std::vector<RegionToCover> Out;
  for (const RegionToCover &R : Regions) {
    if (!R.IsVariant || R.CopyOf.empty() || !Expanded.count(R.CopyOf)) {
      Out.push_back(R);
      continue;
    }
    for (const OnDemandFamily &F : Families)
      if (F.Key == R.CopyOf)
        llvm::append_range(Out, F.Members);
  }
  return Out;
}

size_t membersOf(llvm::ArrayRef<OnDemandFamily> Families,
                 llvm::ArrayRef<size_t> Ran) {
  size_t N = 0;
  for (size_t F : Ran)
    N += Families[F].Members.size();
  return N;
}

void printOnDemand(llvm::ArrayRef<OnDemandFamily> Families,
                   llvm::raw_ostream &OS) {
  if (Families.empty())
    return;
  OS << "covered on demand: " << Families.size()
     << " function(s) copied per configuration (each call runs exactly one "
        "copy, whose condition is the configuration's): the plan covers "
        "where each exists (some run can call it); 'varsim run' covers its "
        "copies, the regions in them and its dispatcher's branches, with "
        "their facts, once a run's visit counts show that it runs. Until "
        "then its time is 0, as the runs that do not call it measure:\n";
  for (const OnDemandFamily &F : Families) {
    size_t Facts = 0;
    for (const RegionToCover &M : F.Members)
      Facts += M.InfluencingFeatures.size() + M.TimedFeatures.size();
    OS << "  " << F.Key << ": " << F.Copies << " copies, " << F.Members.size()
       << " region(s) and variant(s), " << Facts << " fact(s) on demand\n";
  }
}

} // namespace varsim::plan
