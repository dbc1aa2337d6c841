//===- plan/Reachable.cpp - Cover only code that can run ------------------===//

#include "plan/Reachable.h"

#include "llvm/ADT/STLExtras.h"

#include <set>

namespace varsim::plan {

std::vector<std::string> dropUnreachable(std::vector<RegionToCover> &Regions,
                                         const dataflow::DataFlowFacts &Facts) {
  std::set<unsigned> Ids(Facts.UnreachableRegions.begin(),
                         Facts.UnreachableRegions.end());
  std::set<std::string> Functions(Facts.UnreachableFunctions.begin(),
                                  Facts.UnreachableFunctions.end());
  std::vector<std::string> Dropped;
  llvm::erase_if(Regions, [&](const RegionToCover &R) {
    // A variant has no region id: its renamed name says which function
    // it is (the analysis leaves out names that a reachable function
    // shares).
    bool Unreachable =
        R.IsVariant ? Functions.count(R.Function) != 0 : Ids.count(R.Id) != 0;
    if (Unreachable)
      Dropped.push_back(R.IsVariant
                            ? "variant " + R.Label
                            : "region " + std::to_string(R.Id) + " " + R.Label);
    return Unreachable;
  });
  return Dropped;
}

void printUnreachable(const std::vector<std::string> &Dropped,
                      llvm::raw_ostream &OS) {
  if (Dropped.empty())
    return;
  OS << "not covered by the plan: " << Dropped.size()
     << " region(s) and variant(s) in functions that no entry point reaches "
        "(main, constructors, and functions whose address reachable code "
        "takes or a reachable global's initializer holds; no run can "
        "execute them, so their time is 0 in every configuration):\n";
  for (const std::string &D : Dropped)
    OS << "  " << D << "\n";
}

} // namespace varsim::plan
