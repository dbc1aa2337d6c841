//===- rewrite/passes/SafetyPass.cpp - What the union of variants changes
//--===//
//
// Reads: the project, structures, groups, features, parse configurations,
// lowered files and the record pass's safety facts. Adds: nothing, or a
// refusal of what compiling every variant's declarations together would
// silently change (the size of a record with conditional members, objects
// that run code without being called, names resolving differently per
// configuration) (rewrite/safety/). It parses only the configurations the
// record pass did not (where no branch of an #ifdef without #else holds),
// and there only the units whose text that configuration changes (by the
// files the recorded parses read, which the record pass left in
// Recordings).
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/Passes.h"
#include "rewrite/safety/VariantSafety.h"

#include "llvm/ADT/StringExtras.h"

namespace varsim::rewrite {

llvm::Error runSafetyPass(RewriteState &S) {
  // The files each recorded parse read (left in Recordings by the record
  // pass), in RecordedSafety's order.
  std::vector<std::set<std::string>> Reads;
  for (size_t E = 0; E < S.Project->Entries.size(); ++E)
    for (const fm::Configuration &C : S.Configs) {
      auto It = S.Recordings.find({E, llvm::join(S.Features->defines(C), " ")});
      if (It == S.Recordings.end()) {
        Reads.clear(); // Not recorded: the check parses itself.
        break;
      }
      Reads.push_back(std::move(It->second.Read));
    }
  S.Recordings.clear();
  return safety::checkVariantSafety(
      *S.Project, S.Structures, S.Groups, *S.Features, S.Configs, &S.Lowered,
      S.Options.Jobs, S.RecordedSafety.empty() ? nullptr : &S.RecordedSafety,
      Reads.empty() ? nullptr : &Reads);
}

} // namespace varsim::rewrite
