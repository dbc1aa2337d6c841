//===- rewrite/passes/ParseConfigurationsPass.cpp - What to parse in
//-------===//
//
// Reads: the presence conditions to cover and the features. Adds: the
// parse configurations (valid under the model; every satisfiable presence
// condition holds in at least one) and their names.
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/Passes.h"

namespace varsim::rewrite {

llvm::Error runParseConfigurationsPass(RewriteState &S) {
  S.Configs = chooseParseConfigurations(S.ToCover, *S.Features);
  for (const fm::Configuration &C : S.Configs)
    S.ConfigNames.push_back(S.Features->Model.format(C));
  return llvm::Error::success();
}

} // namespace varsim::rewrite
