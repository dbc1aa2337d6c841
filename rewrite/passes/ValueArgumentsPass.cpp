//===- rewrite/passes/ValueArgumentsPass.cpp - Feature values as arguments ===//
//
// Reads: the project, features, texts and the files lowered so far.
// Adds: enumerators that name a numeric feature's value, used as template
// arguments of calls or in run-time expressions, lowered into a switch over
// the feature's values per statement (rewrite/templates/ValueArguments.h):
// the lowered files and TemplateSites ("value argument").
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/Passes.h"
#include "rewrite/templates/ValueArguments.h"

namespace varsim::rewrite {

llvm::Error runValueArgumentsPass(RewriteState &S) {
  return S.applyTemplateLowering(
      templates::lowerValueArguments(S.templateInput()));
}

} // namespace varsim::rewrite
