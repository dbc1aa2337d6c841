//===- fuzz/FuzzCompileDatabase.cpp - compile_commands.json reader --------===//
//
// Any bytes: parseCompileDatabase either returns entries that each have a
// directory, a file and a non-empty command line, or a located error.
//
//===----------------------------------------------------------------------===//

#include "support/CompileDatabase.h"
#include "support/Diagnostic.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto Entries = varsim::parseCompileDatabase("fuzz.json", Text);
  if (!Entries) {
    std::string Message = varsim::errorToString(Entries.takeError());
    if (Message.find("error: ") == std::string::npos)
      std::abort(); // Every refusal is a varsim error.
    return 0;
  }
  for (const varsim::RawCompileEntry &E : *Entries)
    if (E.Directory.empty() || E.File.empty() || E.Arguments.empty())
      std::abort();
  return 0;
}
