//===- support/CompileDatabase.h - Reading compile_commands.json -*- C++
//-*-===//
//
// The compile database is read whole or refused: a truncated or ill-typed
// file is an error at its line and column, never a salvage of the entries
// that happened to parse (clang's JSONCompilationDatabase prints a YAML
// error and returns what it got). The text is parsed without touching the
// file system, so that the fuzzer can drive it; loadProject then checks
// that each entry's directory and file exist.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_SUPPORT_COMPILEDATABASE_H
#define VARSIM_SUPPORT_COMPILEDATABASE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace varsim {

/// One entry as written in the file (paths not yet made absolute).
struct RawCompileEntry {
  std::string Directory;
  std::string File;
  std::string Output;                 ///< May be empty.
  std::vector<std::string> Arguments; ///< argv[0] is the compiler.
  unsigned Line = 0, Column = 0;      ///< Where the entry's `{` is.
};

/// Parses the text of a compile database named Path. Every entry must be an
/// object with the strings "directory" and "file" and either "arguments"
/// (an array of strings) or "command" (a string, split as a POSIX shell
/// would); "output" is optional. Errors are `Path:line:col: error: ...`.
llvm::Expected<std::vector<RawCompileEntry>>
parseCompileDatabase(llvm::StringRef Path, llvm::StringRef Text);

} // namespace varsim

#endif // VARSIM_SUPPORT_COMPILEDATABASE_H
