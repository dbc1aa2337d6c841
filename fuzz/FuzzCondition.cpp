//===- fuzz/FuzzCondition.cpp - the two condition parsers -----------------===//
//
// The #if condition parser of the rewriter (rewrite/Condition.h) and the
// presence-condition parser of traces and manifests (callgraph/Condition.h).
//
//===----------------------------------------------------------------------===//

#include "callgraph/Condition.h"
#include "rewrite/Condition.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto C = varsim::rewrite::parseCondition(Text);
  if (!C)
    llvm::consumeError(C.takeError());
  auto P = varsim::callgraph::parseCondition(Text);
  if (!P)
    llvm::consumeError(P.takeError());
  return 0;
}
