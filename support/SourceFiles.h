//===- support/SourceFiles.h - What a file name says about its source -*- C++
//-*-===//
//
// The one list of C/C++ source extensions. The rewrite scans sources for
// their #if structure, decides which files are translation units and which
// are C++, and `varsim profile` hashes the sources it depends on: all of
// them ask here, so that a header extension (.tcc, .h++, .def) is not known
// to one step and unknown to the next.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_SUPPORT_SOURCEFILES_H
#define VARSIM_SUPPORT_SOURCEFILES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace varsim {

enum class SourceLanguage {
  C,
  Cxx,
  Either, ///< A header or included text (.h, .inc, .def): its includers'.
  ObjC,   ///< .m and .mm: translation units varsim does not rewrite.
};

struct SourceKind {
  SourceLanguage Language;
  bool TranslationUnit; ///< A file compiled on its own, not included.
};

/// What Path's extension says; nullopt for a name that is no C/C++
/// source. Extensions are compared exactly first (.C and .H are C++, as
/// GCC and Clang read them), then in lower case (.CPP, .HPP).
std::optional<SourceKind> classifySourceFile(llvm::StringRef Path);

/// A C/C++ source or header whose #if structure the rewrite scans (every
/// known extension but Objective-C's).
bool isSourceFileName(llvm::StringRef Path);

/// A file compiled on its own (.c .cc .cpp .cxx .c++ .C .m .mm).
bool isTranslationUnitName(llvm::StringRef Path);

/// True for a C++ file by its name (.cpp, .hpp, .C, .tcc, ...), false for
/// a C one (.c), nullopt where the name does not say (.h, .inc).
std::optional<bool> isCxxFileName(llvm::StringRef Path);

/// Whether a compile command compiles File as C++: by `-x c++...` in
/// Arguments, else by File's name.
bool isCxxCompile(llvm::StringRef File, llvm::ArrayRef<std::string> Arguments);

} // namespace varsim

#endif // VARSIM_SUPPORT_SOURCEFILES_H
