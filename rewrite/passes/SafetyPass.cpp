//===- rewrite/passes/SafetyPass.cpp - What the union of variants changes
//--===//
//
// Reads: the project, structures, groups, features, parse configurations,
// lowered files and the record pass's safety facts. Adds: nothing, or a
// refusal of what compiling every variant's declarations together would
// silently change (the size of a record with conditional members, objects
// that run code without being called, names resolving differently per
// configuration) (rewrite/safety/). It parses only the configurations the
// record pass did not (where no branch of an #ifdef without #else holds).
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/Passes.h"
#include "rewrite/safety/VariantSafety.h"

namespace varsim::rewrite {

llvm::Error runSafetyPass(RewriteState &S) {
  return safety::checkVariantSafety(
      *S.Project, S.Structures, S.Groups, *S.Features, S.Configs, &S.Lowered,
      S.Options.Jobs, S.RecordedSafety.empty() ? nullptr : &S.RecordedSafety);
}

} // namespace varsim::rewrite
