//===- support/Utf8Path.h - File names varsim can write down ----*- C++ -*-===//
//
// varsim writes file names into JSON: the manifest, the simulator's compile
// database, the region table that every trace repeats. JSON holds UTF-8
// only: a `\u` escape names a code point, never a raw byte, and clang's
// compile-database reader (llvm's YAML parser) refuses raw bytes that are
// not UTF-8; llvm::json would write them as U+FFFD, a name that does not
// exist. A name that is not UTF-8 is therefore refused where it enters
// (docs/fuzzing.md), with the offending byte shown.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_SUPPORT_UTF8PATH_H
#define VARSIM_SUPPORT_UTF8PATH_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace varsim {

/// Path as text a terminal shows: bytes that are not UTF-8 as \xNN.
std::string printablePath(llvm::StringRef Path);

/// Success if Path is valid UTF-8; otherwise `PATH: error: the <What> name
/// is not valid UTF-8 (byte 0xNN): ...; rename it`, PATH printable.
llvm::Error requireUtf8Path(llvm::StringRef Path, llvm::StringRef What);

} // namespace varsim

#endif // VARSIM_SUPPORT_UTF8PATH_H
