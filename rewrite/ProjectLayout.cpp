//===- rewrite/ProjectLayout.cpp - Where a project and its mirror live ----===//

#include "rewrite/ProjectLayout.h"
#include "rewrite/OutputDirectory.h"

#include "support/CompileDatabase.h"
#include "support/Diagnostic.h"
#include "support/Output.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <set>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace varsim::rewrite {
namespace {

std::string absolute(llvm::StringRef Base, llvm::StringRef P) {
  llvm::SmallString<256> S;
  if (path::is_absolute(P))
    S = P;
  else {
    S = Base;
    path::append(S, P);
  }
  path::remove_dots(S, /*remove_dot_dot=*/true);
  return std::string(S);
}

bool isUnder(llvm::StringRef Path, llvm::StringRef Dir) {
  if (Dir.empty())
    return false;
  if (!Path.starts_with(Dir))
    return false;
  return Path.size() == Dir.size() || Dir.ends_with("/") ||
         Path[Dir.size()] == '/';
}

std::string commonAncestor(llvm::StringRef A, llvm::StringRef B) {
  std::string Dir = A.str();
  while (!Dir.empty() && !isUnder(B, Dir))
    Dir = path::parent_path(Dir).str();
  return Dir.empty() ? "/" : Dir;
}

/// CMAKE_HOME_DIRECTORY from the CMakeCache.txt in BuildDir, if any.
std::string cmakeSourceDir(llvm::StringRef BuildDir) {
  llvm::SmallString<256> P(BuildDir);
  path::append(P, "CMakeCache.txt");
  auto Buf = llvm::MemoryBuffer::getFile(P);
  if (!Buf)
    return "";
  llvm::SmallVector<llvm::StringRef> Lines;
  (*Buf)->getBuffer().split(Lines, '\n');
  for (llvm::StringRef L : Lines)
    if (L.consume_front("CMAKE_HOME_DIRECTORY:INTERNAL="))
      return L.trim().str();
  return "";
}

/// Options whose value (joined or separate) is a path.
bool isPathOption(llvm::StringRef Opt) {
  return llvm::StringSwitch<bool>(Opt)
      .Cases("-I", "-iquote", "-isystem", "-idirafter", "-include", "-o", true)
      .Cases("-MF", "-imacros", "-iprefix", "-isysroot", "--sysroot", true)
      .Default(false);
}

} // namespace

bool ProjectLayout::isProjectSource(llvm::StringRef Path) const {
  if (!isUnder(Path, Root))
    return false;
  for (const std::string &D : ExcludedDirs)
    if (isUnder(Path, D))
      return false;
  return true;
}

std::string ProjectLayout::relativeToRoot(llvm::StringRef Path) const {
  if (!isUnder(Path, Root) || Path.size() == Root.size())
    return Path.str();
  return Path.substr(Root.size() + (Root.ends_with("/") ? 0 : 1)).str();
}

std::string ProjectLayout::mapPath(llvm::StringRef Path,
                                   llvm::StringRef Out) const {
  llvm::SmallString<256> S(Out);
  if (isUnder(Path, BuildDir)) {
    path::append(S, "build");
    if (Path.size() > BuildDir.size())
      path::append(S, Path.substr(BuildDir.size() + 1));
    return std::string(S);
  }
  if (isUnder(Path, Root)) {
    path::append(S, "src");
    if (Path.size() > Root.size())
      path::append(S, relativeToRoot(Path));
    return std::string(S);
  }
  return Path.str();
}

namespace {

/// Whether Dir is a build directory that a build system made: CMake's
/// (CMakeCache.txt), Meson's (meson-info/) or Ninja's (build.ninja).
bool isGeneratedBuildDir(llvm::StringRef Dir) {
  for (const char *Name : {"CMakeCache.txt", "meson-info", "build.ninja"}) {
    llvm::SmallString<256> P(Dir);
    path::append(P, Name);
    if (fs::exists(P))
      return true;
  }
  return false;
}

/// The source directory that Meson records in BuildDir/meson-info.
std::string mesonSourceDir(llvm::StringRef BuildDir) {
  llvm::SmallString<256> P(BuildDir);
  path::append(P, "meson-info", "meson-info.json");
  auto Buf = llvm::MemoryBuffer::getFile(P);
  if (!Buf)
    return "";
  auto Doc = llvm::json::parse((*Buf)->getBuffer());
  if (!Doc) {
    llvm::consumeError(Doc.takeError());
    return "";
  }
  if (const llvm::json::Object *O = Doc->getAsObject())
    if (const llvm::json::Object *Dirs = O->getObject("directories"))
      if (auto S = Dirs->getString("source"))
        return S->str();
  return "";
}

} // namespace

llvm::Expected<ProjectLayout> loadProject(llvm::StringRef CompileCommands) {
  ProjectLayout P;
  llvm::SmallString<256> Abs(CompileCommands);
  if (std::error_code EC = fs::make_absolute(Abs))
    return makeError(CompileCommands, 0, 0, EC.message());
  path::remove_dots(Abs, true);
  P.CompileCommandsPath = std::string(Abs);
  std::string DbDir = path::parent_path(Abs).str();
  if (!fs::exists(Abs))
    return makeError(P.CompileCommandsPath, 0, 0, "no such compile database");
  if (fs::is_directory(Abs))
    return makeError(P.CompileCommandsPath, 0, 0,
                     "is a directory; give the compile_commands.json in it");
  auto Buf = llvm::MemoryBuffer::getFile(Abs, /*IsText=*/true);
  if (!Buf)
    return makeError(P.CompileCommandsPath, 0, 0,
                     "cannot read the compile database: " +
                         Buf.getError().message());
  auto Raw = parseCompileDatabase(P.CompileCommandsPath, (*Buf)->getBuffer());
  if (!Raw)
    return Raw.takeError();

  // Every entry's directory and file must exist: the parses chdir into the
  // directory (a missing one used to abort inside LLVM) and read the file.
  std::set<std::string> Seen;
  for (size_t I = 0; I < Raw->size(); ++I) {
    RawCompileEntry &R = (*Raw)[I];
    auto Fail = [&](const llvm::Twine &Message) {
      return makeError(P.CompileCommandsPath, R.Line, R.Column,
                       "entry " + llvm::Twine(I + 1) + ": " + Message);
    };
    CompileEntry E;
    E.Directory = absolute(DbDir, R.Directory);
    if (!fs::is_directory(E.Directory))
      return Fail(
          "its directory '" + E.Directory + "' " +
          (fs::exists(E.Directory) ? "is not a directory" : "does not exist") +
          " (the compile database is stale or was moved; "
          "regenerate it)");
    E.File = absolute(E.Directory, R.File);
    if (!fs::exists(E.File))
      return Fail("its file '" + E.File +
                  "' does not exist (the compile database is stale or was "
                  "moved; regenerate it)");
    if (fs::is_directory(E.File))
      return Fail("its file '" + E.File + "' is a directory");
    E.Arguments = std::move(R.Arguments);
    E.Output = R.Output.empty() ? "" : absolute(E.Directory, R.Output);
    if (!Seen.insert(E.File + "\n" + E.Output).second)
      continue;
    P.Entries.push_back(std::move(E));
  }

  // The build directory: the database's own directory when a build system
  // generated it, or when it holds none of the translation units (an
  // out-of-source Make build); else the first entry directory that a build
  // system generated. A database at the project root (`bear -- make`,
  // in-source builds) has none: its directory is part of the sources.
  auto HoldsSources = [&](llvm::StringRef Dir) {
    return llvm::any_of(
        P.Entries, [&](const CompileEntry &E) { return isUnder(E.File, Dir); });
  };
  if (isGeneratedBuildDir(DbDir) || !HoldsSources(DbDir))
    P.BuildDir = DbDir;
  else
    for (const CompileEntry &E : P.Entries)
      if (isGeneratedBuildDir(E.Directory) && !HoldsSources(E.Directory)) {
        P.BuildDir = E.Directory;
        break;
      }

  std::string Root;
  if (!P.BuildDir.empty()) {
    Root = cmakeSourceDir(P.BuildDir);
    if (Root.empty())
      Root = mesonSourceDir(P.BuildDir);
  }
  if (Root.empty() || !fs::is_directory(Root)) {
    Root = path::parent_path(P.Entries.front().File).str();
    for (const CompileEntry &E : P.Entries) {
      // Generated sources in the build directory do not widen the root.
      if (!isUnder(E.File, P.BuildDir))
        Root = commonAncestor(Root, E.File);
      // Project include directories widen the root too.
      for (size_t I = 0; I < E.Arguments.size(); ++I) {
        llvm::StringRef A = E.Arguments[I];
        std::string Dir;
        if (A == "-I" || A == "-iquote") {
          if (I + 1 < E.Arguments.size())
            Dir = absolute(E.Directory, E.Arguments[I + 1]);
        } else if (A.starts_with("-I") && A.size() > 2) {
          Dir = absolute(E.Directory, A.drop_front(2));
        }
        if (Dir.empty() || isUnder(Dir, P.BuildDir) || isUnder(Dir, "/usr") ||
            isUnder(Dir, "/opt") || !fs::is_directory(Dir))
          continue;
        Root = commonAncestor(Root, Dir);
      }
    }
    // Where the compiles ran, when that is in the sources: a database at
    // the project root (`bear -- make`, directory = the root) and entry
    // directories outside the build directory that hold their file. Never
    // an ancestor merely because it has a build description: that climb
    // took unrelated programs' files into the macro analysis and the
    // mirror (a test directory's CMakeLists.txt above a program).
    if (P.BuildDir.empty() || !isUnder(DbDir, P.BuildDir))
      Root = commonAncestor(Root, DbDir);
    for (const CompileEntry &E : P.Entries)
      if ((P.BuildDir.empty() || !isUnder(E.Directory, P.BuildDir)) &&
          isUnder(E.File, E.Directory))
        Root = commonAncestor(Root, E.Directory);
  }
  llvm::SmallString<256> R(Root);
  path::remove_dots(R, true);
  P.Root = std::string(R);
  if (P.Root == "/" || P.Root.empty())
    return makeError(P.CompileCommandsPath, 0, 0,
                     "the translation units have no common project "
                     "directory below '/' (they are spread over the file "
                     "system); varsim rewrites one project at a time");
  // A build directory that is the root or above it is not a separate
  // build tree: the database then describes an in-source build.
  if (!P.BuildDir.empty() && isUnder(P.Root, P.BuildDir))
    P.BuildDir.clear();
  if (!P.BuildDir.empty() && isUnder(P.BuildDir, P.Root))
    P.ExcludedDirs.push_back(P.BuildDir);

  // A layout varsim cannot handle is refused here rather than becoming an
  // empty rewrite: at least one translation unit must be a source of the
  // project. (Units elsewhere, generated in the build directory or outside
  // the root, are compiled from where they are.)
  size_t Sources = llvm::count_if(P.Entries, [&](const CompileEntry &E) {
    return P.isProjectSource(E.File);
  });
  if (Sources == 0)
    return makeError(P.CompileCommandsPath, 0, 0,
                     "none of its " + llvm::Twine(P.Entries.size()) +
                         " translation units is a source of the project "
                         "root '" +
                         P.Root +
                         "' worked out from the sources and the build "
                         "description; varsim cannot tell where this "
                         "project's sources are");
  return P;
}

llvm::Error checkOutputDirectory(const ProjectLayout &P, llvm::StringRef Out,
                                 bool IsDefault) {
  if (fs::exists(Out) && !fs::is_directory(Out))
    return makeError(Out, 0, 0,
                     "the output exists and is not a directory; varsim "
                     "writes a directory there and will not replace a file "
                     "(give -o a new or an earlier output directory)");
  std::string RealOut = resolvedPath(Out), RealRoot = resolvedPath(P.Root);
  std::string Through =
      RealOut == Out ? std::string()
                     : " (through a symbolic link: it is '" + RealOut + "')";
  if (isPathUnder(RealRoot, RealOut))
    return makeError("the output directory '" + Out.str() + "'" + Through +
                     " holds the project's sources ('" + P.Root +
                     "'); choose one in a build directory or elsewhere");
  if (!isPathUnder(RealOut, RealRoot))
    return llvm::Error::success();
  // Inside the root: fine in a build directory (the database's, or any that
  // CMake generated), refused elsewhere.
  if (!P.BuildDir.empty() && isPathUnder(RealOut, resolvedPath(P.BuildDir)))
    return llvm::Error::success();
  for (llvm::StringRef Dir = path::parent_path(RealOut);
       isPathUnder(Dir, RealRoot) && Dir != RealRoot;
       Dir = path::parent_path(Dir))
    if (isGeneratedBuildDir(Dir))
      return llvm::Error::success();
  if (IsDefault && path::parent_path(RealOut) ==
                       resolvedPath(path::parent_path(P.CompileCommandsPath)))
    return llvm::Error::success();
  return makeError("the output directory '" + Out.str() + "'" + Through +
                   " is inside the project's sources ('" + P.Root +
                   "'); choose one in a build directory or elsewhere");
}

std::vector<std::string> listProjectFiles(const ProjectLayout &P) {
  std::vector<std::string> Files;
  std::error_code EC;
  for (fs::recursive_directory_iterator It(P.Root, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Path = It->path();
    llvm::StringRef Name = path::filename(Path);
    bool Skip = false;
    if (It->type() == fs::file_type::directory_file) {
      llvm::SmallString<256> Cache(Path);
      path::append(Cache, "CMakeCache.txt");
      Skip = Name == ".git" || Name == ".svn" || Name == ".hg" ||
             fs::exists(Cache);
      for (const std::string &D : P.ExcludedDirs)
        Skip = Skip || isUnder(Path, D);
      if (Skip)
        It.no_push();
      continue;
    }
    if (!P.isProjectSource(Path))
      continue;
    Files.push_back(Path.str());
  }
  std::sort(Files.begin(), Files.end());
  return Files;
}

std::vector<std::string>
withoutMacroFlags(const std::vector<std::string> &Args,
                  const std::vector<std::string> &Macros) {
  auto IsFeature = [&](llvm::StringRef Def) {
    llvm::StringRef Name = Def.split('=').first;
    return llvm::is_contained(Macros, Name);
  };
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if ((A == "-D" || A == "-U") && I + 1 < Args.size()) {
      if (IsFeature(Args[I + 1])) {
        ++I;
        continue;
      }
    } else if ((A.starts_with("-D") || A.starts_with("-U")) &&
               IsFeature(A.drop_front(2))) {
      continue;
    }
    Out.push_back(Args[I]);
  }
  return Out;
}

std::string
simulatorCompileDatabase(const ProjectLayout &P, llvm::StringRef Out,
                         const std::vector<std::string> &StripMacros) {
  llvm::json::Array DB;
  for (const CompileEntry &E : P.Entries) {
    auto Map = [&](llvm::StringRef Path) {
      return P.mapPath(absolute(E.Directory, Path), Out);
    };
    std::vector<std::string> Args = withoutMacroFlags(E.Arguments, StripMacros);
    llvm::json::Array NewArgs;
    for (size_t I = 0; I < Args.size(); ++I) {
      llvm::StringRef A = Args[I];
      if (I == 0) {
        NewArgs.push_back(A.str());
        continue;
      }
      if (isPathOption(A) && I + 1 < Args.size()) {
        NewArgs.push_back(A.str());
        NewArgs.push_back(Map(Args[++I]));
        continue;
      }
      bool Joined = false;
      for (llvm::StringRef Opt : {"-I", "-iquote", "-isystem", "-o"}) {
        if (A.starts_with(Opt) && A.size() > Opt.size() &&
            !(Opt == "-I" && A.starts_with("-isystem"))) {
          NewArgs.push_back((Opt + Map(A.drop_front(Opt.size()))).str());
          Joined = true;
          break;
        }
      }
      if (Joined)
        continue;
      if (!A.starts_with("-") && fs::exists(absolute(E.Directory, A))) {
        NewArgs.push_back(Map(A));
        continue;
      }
      NewArgs.push_back(A.str());
    }
    llvm::json::Object Entry{{"directory", P.mapPath(E.Directory, Out)},
                             {"file", P.mapPath(E.File, Out)},
                             {"arguments", std::move(NewArgs)}};
    if (!E.Output.empty())
      Entry["output"] = P.mapPath(E.Output, Out);
    DB.push_back(std::move(Entry));
  }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(DB))) << '\n';
  return Text;
}

} // namespace varsim::rewrite
