//===- fuzz/FuzzCondition.cpp - the two condition parsers -----------------===//
//
// Both text forms of condition/Condition.h: the #if expression of the
// rewriter and the presence condition of traces and manifests. What parses
// must print to a text that parses back.
//
//===----------------------------------------------------------------------===//

#include "condition/Condition.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  using namespace varsim::condition;
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto C = parseCondition(Text);
  if (C) {
    auto Back = parseCondition(printCondition(**C));
    if (!Back)
      abort();
  } else {
    llvm::consumeError(C.takeError());
  }
  auto P = parsePresence(Text);
  if (P) {
    auto Back = parsePresence(printCondition(**P));
    if (!Back)
      abort();
  } else {
    llvm::consumeError(P.takeError());
  }
  return 0;
}
