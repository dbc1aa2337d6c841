//===- rewrite/passes/OutputPass.cpp - OUT, written whole or not at all
//----===//
//
// Reads: every file of the project, the rewritten and lowered texts, the
// ProjectContext's tables, the features, the sites and parse counts.
// Adds: OUT (written as OUT.partial: the mirror in src/, the runtime
// headers, the simulator's compile database, model.xml if inferred,
// manifest.json), checked to compile and renamed into place; the summary.
// A failure removes OUT.partial and leaves an earlier OUT as it was.
//
//===----------------------------------------------------------------------===//

#include "feature_models/FeatureModel.h"
#include "rewrite/SimulatorCheck.h"
#include "rewrite/passes/Passes.h"
#include "runtime/BuildFingerprint.h"
#include "runtime/SimulatorTables.h"
#include "support/Interrupt.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace varsim::rewrite {
namespace {

llvm::Error writeFile(llvm::StringRef Path, llvm::StringRef Text) {
  if (std::error_code EC = fs::create_directories(path::parent_path(Path)))
    return makeError(Path, 0, 0, "cannot create directory: " + EC.message());
  return writeFileAtomically(Path, [&](llvm::raw_ostream &OS) {
    OS << Text;
    return llvm::Error::success();
  });
}

/// The mirror of every project file in Temp/src, and the manifest's file
/// table.
llvm::Error writeSources(RewriteState &S, runtime::BuildFingerprint &Print) {
  const ProjectLayout &Project = *S.Project;
  for (const std::string &File : S.AllFiles) {
    std::string Dest = Project.mapPath(File, S.Temp);
    auto R = S.Rewritten.find(File);
    auto L = S.Lowered.find(File);
    bool Changed = R != S.Rewritten.end() || L != S.Lowered.end();
    std::string Rel = Project.relativeToRoot(File);
    if (Changed) {
      llvm::StringRef Text =
          R != S.Rewritten.end() ? R->second : llvm::StringRef(L->second);
      Print.add("src/" + Rel, Text);
      if (llvm::Error E = writeFile(Dest, Text))
        return E;
    } else {
      // The bytes copied (Texts may hold a pass's overlay of the file).
      auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false);
      if (!Buf)
        return makeError(File, 0, 0,
                         "cannot read: " + Buf.getError().message());
      Print.add("src/" + Rel, (*Buf)->getBuffer());
      if (std::error_code EC = fs::create_directories(path::parent_path(Dest)))
        return makeError(Dest, 0, 0, EC.message());
      if (std::error_code EC = fs::copy_file(File, Dest))
        return makeError(Dest, 0, 0,
                         "cannot write the copy of " + File + ": " +
                             EC.message());
    }
    if (llvm::json::isUTF8(File))
      S.Manifest.Files.push_back({File, "src/" + Rel, Changed});
  }
  return llvm::Error::success();
}

/// The runtime headers, the simulator's compile database and the build
/// directories it names.
llvm::Error writeSimulatorBuild(RewriteState &S,
                                runtime::BuildFingerprint &Print) {
  const ProjectLayout &Project = *S.Project;
  llvm::SmallString<256> RuntimeDir(S.Temp);
  path::append(RuntimeDir, "src", "varsim");
  // The simulator's compile database names paths under Out, not Temp.
  std::string SimulatorDb =
      simulatorCompileDatabase(Project, S.Out, S.FeatureMacros);
  // The id covers the tables (the header without its id), the runtime and
  // the compile flags; the header then carries it.
  std::string Tables;
  llvm::raw_string_ostream TablesOS(Tables);
  runtime::writeGeneratedHeader(S.Ctx->Tables, TablesOS);
  Print.add(runtime::GeneratedHeaderName, Tables);
  Print.add(runtime::RuntimeHeaderName, runtime::runtimeHeaderText());
  Print.add("compile_commands.json", SimulatorDb);
  S.Ctx->Tables.BuildId = Print.finish();
  S.Manifest.BuildId = S.Ctx->Tables.BuildId;
  std::string Generated;
  llvm::raw_string_ostream OS(Generated);
  runtime::writeGeneratedHeader(S.Ctx->Tables, OS);
  llvm::SmallString<256> G(RuntimeDir), R(RuntimeDir);
  path::append(G, runtime::GeneratedHeaderName);
  path::append(R, runtime::RuntimeHeaderName);
  if (llvm::Error E = writeFile(G, Generated))
    return E;
  if (llvm::Error E = writeFile(R, runtime::runtimeHeaderText()))
    return E;
  if (llvm::Error E = writeFile(S.Temp + "/compile_commands.json", SimulatorDb))
    return E;
  for (const CompileEntry &E : Project.Entries)
    for (llvm::StringRef P :
         {llvm::StringRef(E.Directory), path::parent_path(E.Output)}) {
      if (P.empty())
        continue;
      std::string Mapped = Project.mapPath(P, S.Temp);
      if (Mapped != P)
        fs::create_directories(Mapped);
    }
  return llvm::Error::success();
}

/// model.xml if inferred, and manifest.json.
llvm::Error writeManifest(RewriteState &S) {
  const FeatureSetup &Features = *S.Features;
  RewriteSummary &Sum = S.Summary;
  Sum.ModelInferred = Features.Inferred;
  Sum.FeatureModelPath =
      Features.Inferred ? S.Out + "/model.xml" : Features.ModelPath;
  // Later commands run from other directories: store the model absolute.
  llvm::SmallString<256> Abs(Sum.FeatureModelPath);
  if (!Abs.empty() && !fs::make_absolute(Abs)) {
    path::remove_dots(Abs, true);
    Sum.FeatureModelPath = std::string(Abs);
  }
  if (Features.Inferred) {
    std::string XML;
    llvm::raw_string_ostream OS(XML);
    fm::writeFeatureIDE(Features.Model, OS);
    if (llvm::Error E = writeFile(S.Temp + "/model.xml", XML))
      return E;
  }
  manifest::Manifest &M = S.Manifest;
  M.ProjectRoot = S.Project->Root;
  M.CompileCommands = S.Project->CompileCommandsPath;
  M.FeatureModelPath = Sum.FeatureModelPath;
  M.ModelInferred = Features.Inferred;
  Granularity Detail = S.Options.Detail;
  M.Granularity = Detail == Granularity::All      ? "all"
                  : Detail == Granularity::Region ? "region"
                                                  : "function";
  M.ParseConfigurations = S.ConfigNames;
  M.TranslationUnits = static_cast<unsigned>(S.Project->Entries.size());
  for (const templates::LoweredSite &L : S.TemplateSites)
    M.TemplateSites.push_back({L.File, L.Line, L.Idiom, L.Features});
  for (const templates::LoweredSite &L : S.GlobalSites)
    M.GlobalSites.push_back({L.File, L.Line, L.Idiom, L.Features});
  for (const templates::LoweredSite &L : S.ForeignSites)
    M.ForeignSites.push_back({L.File, L.Line, L.Idiom, L.Features});
  M.Parses = parseCountRows(S);
  addContextTables(M, *S.Ctx);
  return writeFile(S.Temp + "/manifest.json", manifest::renderManifest(M));
}

/// Refuses to replace an OUT that is not a rewrite's output.
llvm::Error checkReplaceable(llvm::StringRef Out) {
  if (!fs::exists(Out))
    return llvm::Error::success();
  llvm::SmallString<256> Old(Out);
  path::append(Old, "manifest.json");
  std::error_code EC;
  bool Empty = fs::is_directory(Out) &&
               fs::directory_iterator(Out, EC) == fs::directory_iterator();
  if (!fs::is_directory(Out) || (!fs::exists(Old) && !Empty))
    return makeError(Out, 0, 0,
                     "exists and is not the output of a varsim "
                     "rewrite; refusing to replace it");
  return llvm::Error::success();
}

llvm::Error writeAndSwap(RewriteState &S) {
  // The build id: every input of the simulator's build (BuildFingerprint.h).
  runtime::BuildFingerprint Print;
  if (llvm::Error E = writeSources(S, Print))
    return E;
  if (llvm::Error E = writeSimulatorBuild(S, Print))
    return E;
  if (llvm::Error E = writeManifest(S))
    return E;
  // A simulator that does not compile is a failed rewrite: OUT stays as
  // it was.
  // The check's parse serves the data-flow analysis too (DataFlowPass).
  if (llvm::Error E = checkSimulatorCompiles(
          *S.Project, S.Temp, S.FeatureMacros, S.Options.Jobs,
          S.Options.DataFlow ? &S.SimulatorUnits : nullptr))
    return E;
  if (llvm::Error E = checkReplaceable(S.Out))
    return E;
  // The earlier OUT stays whole until the new one is complete.
  return replaceDirectory(S.Temp, S.Out);
}

} // namespace

llvm::Error runOutputPass(RewriteState &S) {
  // A Temp left by a killed rewrite goes; one being written now is removed
  // if the rewrite is interrupted.
  if (fs::exists(S.Temp))
    if (std::error_code EC = fs::remove_directories(S.Temp))
      return makeError(S.Temp, 0, 0, "cannot remove: " + EC.message());
  RemoveOnInterrupt CleanTemp(S.Temp);
  if (llvm::Error E = writeAndSwap(S)) {
    fs::remove_directories(S.Temp);
    return E;
  }

  RewriteSummary &Sum = S.Summary;
  const manifest::Manifest &M = S.Manifest;
  Sum.OutDir = S.Out;
  Sum.TranslationUnits = M.TranslationUnits;
  Sum.ParseConfigurations = static_cast<unsigned>(S.Configs.size());
  Sum.FilesWritten = static_cast<unsigned>(M.Files.size());
  Sum.FilesRewritten = static_cast<unsigned>(llvm::count_if(
      M.Files, [](const manifest::WrittenFile &W) { return W.Rewritten; }));
  Sum.TemplateSites = static_cast<unsigned>(S.TemplateSites.size());
  Sum.GlobalSites = static_cast<unsigned>(S.GlobalSites.size());
  Sum.Regions = static_cast<unsigned>(S.Ctx->Tables.Regions.size());
  Sum.Features = static_cast<unsigned>(S.Features->ByMacro.size());
  Sum.Renamings = static_cast<unsigned>(S.Ctx->Renamings.size());
  return llvm::Error::success();
}

} // namespace varsim::rewrite
