//===- rewrite/ProjectLayout.h - Where a project and its mirror live -*- C++
//-*-===//
//
// The project as the compile database describes it (its translation units,
// its root, its build directory) and where each of its paths goes in the
// output directory: sources under OUT/src (a mirror of the project root),
// the build directory under OUT/build.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_PROJECTLAYOUT_H
#define VARSIM_REWRITE_PROJECTLAYOUT_H

#include "support/SourceFiles.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace varsim::rewrite {

/// One entry of compile_commands.json, with absolute paths.
struct CompileEntry {
  std::string Directory;
  std::string File;
  std::vector<std::string> Arguments; ///< argv[0] is the compiler.
  std::string Output;                 ///< May be empty.
};

struct ProjectLayout {
  std::string CompileCommandsPath; ///< Absolute.
  /// The separate build tree, mirrored to OUT/build: the database's
  /// directory when a build system generated it or it holds no translation
  /// unit, else an entry directory that CMake/Meson/Ninja generated. Empty
  /// for an in-source build (a database at the project root, `bear --
  /// make`): everything is then under Root and mirrored to OUT/src.
  std::string BuildDir;
  std::string Root; ///< The project root (absolute).
  std::vector<CompileEntry> Entries;

  /// True if Path (absolute) is inside the project root, outside any build
  /// directory (one holding CMakeCache.txt, or BuildDir) and outside Out.
  bool isProjectSource(llvm::StringRef Path) const;
  /// Where Path goes in the output directory Out: OUT/src/... for project
  /// files, OUT/build/... for the build directory, unchanged otherwise.
  std::string mapPath(llvm::StringRef Path, llvm::StringRef Out) const;
  /// Path relative to the root ("src/a.c"), or Path if outside.
  std::string relativeToRoot(llvm::StringRef Path) const;

  std::vector<std::string> ExcludedDirs; ///< Build dirs, OUT, temp dirs.
};

/// Reads the compile database (whole, or refused with its line and column),
/// checks that every entry's directory and file exist, and works out the
/// project root and the build directory from the sources and the build
/// description (CMakeCache.txt, meson-info, the directories holding a
/// CMakeLists.txt/Makefile/meson.build/configure), not from where the
/// database lies. A layout in which no translation unit is a project source
/// is refused.
llvm::Expected<ProjectLayout> loadProject(llvm::StringRef CompileCommands);

/// Every file of the project root, recursively, skipping ExcludedDirs,
/// directories holding CMakeCache.txt and version-control directories.
std::vector<std::string> listProjectFiles(const ProjectLayout &P);

/// True for C/C++ source and header names (support/SourceFiles.h).
using varsim::isSourceFileName;

/// The simulator's compile database: Entries with every path remapped into
/// Out and the -D/-U flags of StripMacros removed, as JSON text.
std::string
simulatorCompileDatabase(const ProjectLayout &P, llvm::StringRef Out,
                         const std::vector<std::string> &StripMacros);

/// Arguments of E without -D/-U of the given macros (for parsing).
std::vector<std::string>
withoutMacroFlags(const std::vector<std::string> &Args,
                  const std::vector<std::string> &Macros);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_PROJECTLAYOUT_H
