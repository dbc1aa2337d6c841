//===- rewrite/passes/ProjectPass.cpp - The project and OUT ---------------===//
//
// Reads: the options. Adds: the project (compile database, root, files to
// leave out), OUT and OUT.partial as absolute paths, OUT's lock. Refuses an
// OUT that is not a rewrite's output and a project that has a file where
// the simulator's runtime header goes.
//
//===----------------------------------------------------------------------===//

#include "rewrite/OutputDirectory.h"
#include "rewrite/passes/Passes.h"
#include "runtime/SimulatorTables.h"
#include "support/Utf8Path.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace varsim::rewrite {

llvm::Error runProjectPass(RewriteState &S) {
  const RewriteOptions &O = S.Options;
  auto ProjectOr = loadProject(O.CompileCommands);
  if (!ProjectOr)
    return ProjectOr.takeError();
  S.Project.emplace(std::move(*ProjectOr));
  ProjectLayout &Project = *S.Project;

  llvm::SmallString<256> OutPath(
      O.OutDir.empty() ? defaultOutDir(O.CompileCommands) : O.OutDir);
  fs::make_absolute(OutPath);
  path::remove_dots(OutPath, true);
  S.Out = std::string(OutPath);
  // Names written into JSON must be UTF-8 (support/Utf8Path.h).
  for (auto [Path, What] :
       {std::pair{llvm::StringRef(O.CompileCommands), "compile database"},
        {llvm::StringRef(Project.Root), "project root"},
        {llvm::StringRef(O.FeatureModel), "feature model"},
        {llvm::StringRef(S.Out), "output directory"}})
    if (llvm::Error E = requireUtf8Path(Path, What))
      return E;
  if (llvm::Error E = checkOutputDirectory(
          Project, S.Out, S.Out == defaultOutDir(O.CompileCommands)))
    return E;
  // OUT itself is made; the directory it goes in must be there (the lock
  // file beside OUT would otherwise fail naming only itself).
  if (llvm::StringRef Parent = path::parent_path(S.Out);
      !Parent.empty() && !fs::is_directory(Parent))
    return makeError(S.Out, 0, 0,
                     "the output directory's parent '" + Parent.str() +
                         "' does not exist: create it, or choose an output "
                         "directory in an existing one");
  S.Temp = S.Out + ".partial";
  Project.ExcludedDirs.push_back(S.Out);
  Project.ExcludedDirs.push_back(S.Temp);
  Project.ExcludedDirs.push_back(S.Out + ".lock");
  // Two rewrites into one OUT would share OUT.partial: the second waits
  // for nothing and fails at once.
  auto Lock = OutputLock::acquire(S.Out);
  if (!Lock)
    return Lock.takeError();
  S.Lock = std::move(*Lock);

  llvm::SmallString<256> Own(Project.Root);
  path::append(Own, "varsim", runtime::GeneratedHeaderName);
  if (fs::exists(Own))
    return makeError(Own, 0, 0,
                     "the project has a file where the simulator's runtime "
                     "header goes (varsim/ at the project root)");
  return llvm::Error::success();
}

} // namespace varsim::rewrite
