//===- fuzz/FuzzCallTrace.cpp - calltrace.json reader ---------------------===//

#include "callgraph/CallTrace.h"
#include "support/Diagnostic.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto T = varsim::callgraph::parseCallTrace(Text, "fuzz.json");
  if (!T) {
    std::string Message = varsim::errorToString(T.takeError());
    if (Message.find("error: ") == std::string::npos)
      std::abort();
  }
  return 0;
}
