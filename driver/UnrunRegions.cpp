//===- driver/UnrunRegions.cpp - Regions no run executed ------------------===//

#include "driver/UnrunRegions.h"

#include "plan/ManifestReader.h"

#include "llvm/ADT/StringExtras.h"

#include <set>
#include <vector>

namespace varsim::driver {

std::optional<std::string>
unrunRegionsNote(llvm::ArrayRef<callgraph::CallTrace> Runs,
                 const manifest::Manifest *M) {
  if (Runs.empty())
    return std::nullopt;
  size_t N = Runs.front().Regions.size();
  std::vector<bool> Ran(N, false);
  for (const callgraph::CallTrace &T : Runs)
    for (const callgraph::TraceThread &Th : T.Threads)
      for (const callgraph::TraceNode &Node : Th.Nodes)
        if (Node.Region < N && Node.Calls > 0)
          Ran[Node.Region] = true;
  size_t Unrun = llvm::count(Ran, false);
  if (Unrun == 0)
    return std::nullopt;
  std::string Note = std::to_string(Unrun) + " of " + std::to_string(N) +
                     " region(s) never ran in any of the " +
                     std::to_string(Runs.size()) +
                     " trace(s): no run measured their time, and the model has "
                     "no term for them (0 s in every prediction; right where "
                     "the workload never runs them)";
  if (!M || M->Regions.size() != N)
    return Note;
  // Which of them are the code of functions copied per configuration and
  // covered on demand (plan/OnDemand.h): the plan left them out because no
  // run called the function.
  plan::ManifestSummary S = plan::summarizeManifest(*M);
  std::set<std::string> Families, Called;
  for (size_t I = 0; I < N && I < S.Regions.size(); ++I) {
    const std::string &Key = S.Regions[I].CopyOf;
    if (Key.empty())
      continue;
    (Ran[I] ? Called : Families).insert(Key);
  }
  for (const std::string &Key : Called)
    Families.erase(Key);
  if (!Families.empty()) {
    std::vector<std::string> Names(Families.begin(), Families.end());
    if (Names.size() > 5)
      Names.resize(5), Names.push_back("...");
    Note += "; among them the copies of " + std::to_string(Families.size()) +
            " function(s) copied per configuration that no run called "
            "(covered on demand): " +
            llvm::join(Names, ", ");
  }
  return Note;
}

} // namespace varsim::driver
