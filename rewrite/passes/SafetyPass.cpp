//===- rewrite/passes/SafetyPass.cpp - What the union of variants changes
//--===//
//
// Reads: the project, structures, groups, features, parse configurations
// and lowered files. Adds: nothing, or a refusal of what compiling every
// variant's declarations together would silently change (the size of a
// record with conditional members, objects that run code without being
// called, names resolving differently per configuration), before the
// facts parses are spent (rewrite/safety/).
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/Passes.h"
#include "rewrite/safety/VariantSafety.h"

namespace varsim::rewrite {

llvm::Error runSafetyPass(RewriteState &S) {
  return safety::checkVariantSafety(*S.Project, S.Structures, S.Groups,
                                    *S.Features, S.Configs, &S.Lowered,
                                    S.Options.Jobs);
}

} // namespace varsim::rewrite
