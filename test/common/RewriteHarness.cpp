//===- test/common/RewriteHarness.cpp - Rewrite, build, run, compare -----===//

#include "test/common/RewriteHarness.h"

#include "feature_models/FeatureModel.h"
#include "support/Diagnostic.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <sys/wait.h>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace varsim::rewrite::test {
namespace {

std::string quote(const std::string &S) { return "'" + S + "'"; }

void writeText(const std::string &Path, const std::string &Text) {
  fs::create_directories(path::parent_path(Path));
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  OS << Text;
}

bool isTranslationUnit(llvm::StringRef Name) {
  return Name.ends_with(".c") || Name.ends_with(".cpp");
}

} // namespace

TempProject::TempProject(std::map<std::string, std::string> Files, bool Cxx)
    : Cxx(Cxx) {
  llvm::SmallString<128> Dir;
  fs::createUniqueDirectory("varsim-rewrite-test", Dir);
  Root = std::string(Dir);
  std::string DB = "[\n";
  bool First = true;
  for (const auto &[Rel, Text] : Files) {
    writeText(Root + "/" + Rel, Text);
    if (!isTranslationUnit(Rel))
      continue;
    std::string Compiler = Cxx ? "c++" : "cc";
    std::string Std = Cxx ? "-std=c++17" : "-std=c11";
    DB += std::string(First ? "" : ",\n") + "  {\"directory\": \"" + Root +
          "/build\", \"file\": \"" + Root + "/" + Rel +
          "\", \"arguments\": [\"" + Compiler + "\", \"" + Std + "\", \"-I" +
          Root + "\", \"-c\", \"" + Root + "/" + Rel + "\", \"-o\", \"" + Root +
          "/build/" + Rel + ".o\"], \"output\": \"" + Root + "/build/" + Rel +
          ".o\"}";
    First = false;
  }
  DB += "\n]\n";
  writeText(compileCommands(), DB);
}

TempProject::~TempProject() {
  if (!std::getenv("VARSIM_KEEP_TEST_DIRS"))
    fs::remove_directories(Root);
}

std::string TempProject::rewrite(Granularity G, const std::string &Model,
                                 llvm::raw_ostream *Log) {
  RewriteOptions O;
  O.Log = Log;
  O.CompileCommands = compileCommands();
  O.FeatureModel = Model;
  O.Detail = G;
  O.Jobs = 2;
  auto Sum = rewriteProject(O);
  if (!Sum)
    return errorToString(Sum.takeError());
  SimulatorBuilt = false;
  return "";
}

std::map<std::string, std::string> TempProject::snapshot() const {
  std::map<std::string, std::string> Out;
  std::error_code EC;
  for (fs::recursive_directory_iterator It(Root, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (path::filename(It->path()) == "build") {
      It.no_push();
      continue;
    }
    if (It->type() == fs::file_type::directory_file)
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(It->path());
    if (Buf)
      Out[It->path()] = (*Buf)->getBuffer().str();
  }
  return Out;
}

llvm::Expected<llvm::json::Value> TempProject::readManifest() const {
  return llvm::json::parse(readOut("manifest.json"));
}

std::string TempProject::readOut(const std::string &Rel) const {
  auto Buf = llvm::MemoryBuffer::getFile(out() + "/" + Rel);
  return Buf ? (*Buf)->getBuffer().str() : std::string();
}

std::vector<std::pair<std::string, std::vector<std::string>>>
TempProject::configurations(const std::string &ModelPath) const {
  std::vector<std::pair<std::string, std::vector<std::string>>> Out;
  auto M = fm::loadFeatureModel(ModelPath);
  if (!M) {
    llvm::consumeError(M.takeError());
    return Out;
  }
  M->forEachValid([&](const fm::Configuration &C) {
    std::vector<std::string> Defs;
    for (fm::FeatureId Id = 0; Id < M->features().size(); ++Id) {
      const fm::Feature &F = M->feature(Id);
      if (F.Abstract || !F.Parent)
        continue;
      if (F.Kind == fm::FeatureKind::Numeric)
        Defs.push_back("-D" + F.Macro + "=" + std::to_string(C.Values[Id]));
      else if (C.Selected[Id])
        Defs.push_back("-D" + F.Macro + "=1");
    }
    Out.emplace_back(M->format(C), Defs);
    return Out.size() < 64;
  });
  return Out;
}

bool TempProject::buildSimulator(std::string &Log) {
  if (SimulatorBuilt)
    return true;
  std::string Cmd = (Cxx ? "c++ -std=c++17" : "cc -std=c11");
  Cmd += " -pthread -I" + quote(out() + "/src");
  std::error_code EC;
  for (fs::recursive_directory_iterator It(out() + "/src", EC), End;
       It != End && !EC; It.increment(EC))
    if (isTranslationUnit(It->path()))
      Cmd += " " + quote(It->path());
  Cmd += " -o " + quote(out() + "/sim") + " 2>&1";
  RunOutcome R = shell(Cmd);
  Log = R.Stdout;
  SimulatorBuilt = R.Exit == 0;
  return SimulatorBuilt;
}

std::pair<RunOutcome, RunOutcome>
TempProject::runBoth(const std::string &Config,
                     const std::vector<std::string> &Defines) {
  std::string Cmd = (Cxx ? "c++ -std=c++17" : "cc -std=c11");
  Cmd += " -I" + quote(Root);
  for (const std::string &D : Defines)
    Cmd += " " + D;
  std::error_code EC;
  for (fs::recursive_directory_iterator It(Root, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (path::filename(It->path()) == "build") {
      It.no_push();
      continue;
    }
    if (isTranslationUnit(It->path()))
      Cmd += " " + quote(It->path());
  }
  std::string Variant = Root + "/build/variant";
  RunOutcome VB = shell(Cmd + " -o " + quote(Variant) + " 2>&1");
  RunOutcome V;
  if (VB.Exit != 0)
    V.Stdout = "variant does not build: " + VB.Stdout;
  else
    V = shell(quote(Variant));
  RunOutcome S;
  std::string Log;
  if (!buildSimulator(Log)) {
    S.Stdout = "simulator does not build: " + Log;
    return {V, S};
  }
  S = shell("cd " + quote(out()) + " && VARSIM_CONFIG=" + quote(Config) +
            " VARSIM_TRACE=" + quote(out() + "/trace.json") + " " +
            quote(out() + "/sim"));
  return {V, S};
}

std::string TempProject::checkAllConfigurations(const std::string &ModelPath) {
  auto Configs = configurations(ModelPath);
  if (Configs.empty())
    return "no valid configuration";
  for (const auto &[Config, Defines] : Configs) {
    auto [V, S] = runBoth(Config, Defines);
    if (V.Exit != S.Exit || V.Stdout != S.Stdout)
      return "configuration '" + Config + "': variant exit " +
             std::to_string(V.Exit) + " output:\n" + V.Stdout +
             "\nsimulator exit " + std::to_string(S.Exit) + " output:\n" +
             S.Stdout;
  }
  return "";
}

} // namespace varsim::rewrite::test
