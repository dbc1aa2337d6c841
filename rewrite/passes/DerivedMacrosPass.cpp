//===- rewrite/passes/DerivedMacrosPass.cpp - Derived macros resolved -----===//
//
// Reads: the structures and the features; DerivedMacrosStale. Adds: in the
// structures, conditions on macros derived from features (config.h
// aliases, project constants) replaced by conditions on the features
// themselves. Runs after the features and again after each lowering that
// replaced texts (their structures were rescanned); a no-op when nothing
// changed since its last run.
//
//===----------------------------------------------------------------------===//

#include "rewrite/DerivedMacros.h"
#include "rewrite/passes/Passes.h"

namespace varsim::rewrite {

llvm::Error runDerivedMacrosPass(RewriteState &S) {
  if (!S.DerivedMacrosStale)
    return llvm::Error::success();
  S.DerivedMacrosStale = false;
  // The build's translation units are where reading starts.
  std::set<std::string> Units;
  for (const CompileEntry &E : S.Project->Entries)
    Units.insert(E.File);
  return resolveDerivedMacros(S.Structures, *S.Features, &Units,
                              S.ExternalMacros ? &*S.ExternalMacros : nullptr,
                              S.Target ? &*S.Target : nullptr);
}

} // namespace varsim::rewrite
