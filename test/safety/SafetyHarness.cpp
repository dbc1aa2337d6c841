//===- test/safety/SafetyHarness.cpp - Run the safety pass on a project ---===//

#include "SafetyHarness.h"

#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/FeatureSetup.h"
#include "rewrite/ProjectLayout.h"
#include "rewrite/safety/VariantSafety.h"
#include "support/Diagnostic.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <set>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace varsim::rewrite::safety::test {
namespace {

void writeText(const std::string &Path, const std::string &Text) {
  fs::create_directories(path::parent_path(Path));
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  OS << Text;
}

std::string modelXml(const std::vector<std::string> &Features) {
  std::string X = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<featureModel>"
                  "<struct><and abstract=\"true\" mandatory=\"true\" "
                  "name=\"Root\">";
  for (const std::string &F : Features)
    X += "<feature name=\"" + F + "\"/>";
  return X + "</and></struct><constraints/></featureModel>\n";
}

} // namespace

std::map<std::string, std::string> readDirectory(const std::string &Dir) {
  std::map<std::string, std::string> Files;
  std::error_code EC;
  for (fs::recursive_directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (It->type() != fs::file_type::regular_file)
      continue;
    llvm::StringRef Rel = llvm::StringRef(It->path()).drop_front(Dir.size());
    Rel.consume_front("/");
    if (auto Buf = llvm::MemoryBuffer::getFile(It->path()))
      Files[Rel.str()] = (*Buf)->getBuffer().str();
  }
  return Files;
}

SafetyRun checkProject(const std::map<std::string, std::string> &Files,
                       const std::vector<std::string> &Features,
                       const ProjectOptions &Options) {
  SafetyRun Run;
  llvm::SmallString<128> Dir;
  fs::createUniqueDirectory("varsim-safety-test", Dir);
  Run.Root = std::string(Dir);
  bool Cxx = Options.Cxx;
  std::string Std =
      "-std=" + (Options.Standard.empty() ? std::string(Cxx ? "c++17" : "c11")
                                          : Options.Standard);
  // Every directory holding a header is on the include path.
  std::set<std::string> Includes{Run.Root};
  for (const auto &[Rel, Text] : Files) {
    writeText(Run.Root + "/" + Rel, Text);
    if (isSourceFileName(Rel) && !llvm::StringRef(Rel).ends_with(".c") &&
        !llvm::StringRef(Rel).ends_with(".cpp"))
      Includes.insert(std::string(path::parent_path(Run.Root + "/" + Rel)));
  }
  std::vector<std::pair<std::string, std::string>> Units; // file, flags
  std::string DB = "[\n";
  for (const auto &[Rel, Text] : Files) {
    llvm::StringRef Name(Rel);
    if (!Name.ends_with(".c") && !Name.ends_with(".cpp"))
      continue;
    std::string Flags = "\"" + Std + "\"";
    for (const std::string &I : Includes)
      Flags += ", \"-I" + I + "\"";
    DB += std::string(DB.size() > 2 ? ",\n" : "") + "{\"directory\": \"" +
          Run.Root + "/build\", \"file\": \"" + Run.Root + "/" + Rel +
          "\", \"arguments\": [\"" + (Cxx ? "c++" : "cc") + "\", " + Flags +
          ", \"-c\", \"" + Run.Root + "/" + Rel + "\"]}";
    std::string Shell = std::string(Cxx ? "clang++-19" : "clang-19") +
                        " -fsyntax-only -w " + Std;
    for (const std::string &I : Includes)
      Shell += " -I" + I;
    Units.emplace_back(Run.Root + "/" + Rel, Shell);
  }
  writeText(Run.Root + "/build/compile_commands.json", DB + "\n]\n");
  if (!Files.count("model.xml"))
    writeText(Run.Root + "/model.xml", modelXml(Features));

  auto Fail = [&](llvm::Error E) {
    Run.Errors = "setup: " + errorToString(std::move(E));
    fs::remove_directories(Run.Root);
    return Run;
  };
  auto Project = loadProject(Run.Root + "/build/compile_commands.json");
  if (!Project)
    return Fail(Project.takeError());
  std::map<std::string, FileStructure> Structures;
  for (const std::string &File : listProjectFiles(*Project)) {
    if (!isSourceFileName(File))
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(File);
    if (!Buf)
      continue;
    auto FS = scanDirectives(File, (*Buf)->getBuffer());
    if (!FS)
      return Fail(FS.takeError());
    Structures.emplace(File, std::move(*FS));
  }
  auto Setup =
      setUpFeatures(Run.Root + "/model.xml", Project->Root, Structures, {});
  if (!Setup)
    return Fail(Setup.takeError());
  std::map<std::string, FileGroups> Groups;
  std::vector<CondPtr> ToCover;
  std::set<std::string> Seen;
  for (const auto &[File, FS] : Structures) {
    FileGroups G = analyzeGroups(FS, *Setup);
    for (size_t GI = 0; GI < FS.Groups.size(); ++GI)
      if (G.Groups[GI].IsFeature)
        for (const CondPtr &PC : G.Groups[GI].Presence)
          if (Seen.insert(conditionText(*PC, *Setup)).second)
            ToCover.push_back(PC);
    Groups.emplace(File, std::move(G));
  }
  SafetyInput In{*Project, Structures, Groups,      *Setup,
                 {},       nullptr,    Options.Jobs};
  for (const fm::Configuration &C :
       chooseParseConfigurations(ToCover, *Setup)) {
    In.ParseDefines.push_back(Setup->defines(C));
    In.ConfigNames.push_back(Setup->Model.format(C));
    In.Configurations.push_back(C);
  }
  for (const auto &[File, Shell] : Units)
    for (const std::vector<std::string> &Defines : In.ParseDefines) {
      std::string Command = Shell;
      for (const std::string &D : Defines)
        Command += " " + D;
      Run.SyntaxOnly.push_back(Command + " " + File);
    }
  Run.Parses =
      static_cast<unsigned>(In.ParseDefines.size() * Project->Entries.size());
  auto Start = std::chrono::steady_clock::now();
  llvm::Error E = checkVariantSafety(In);
  Run.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  Run.Errors = E ? errorToString(std::move(E)) : "";
  llvm::consumeError(std::move(E));
  if (!Options.Keep)
    fs::remove_directories(Run.Root);
  return Run;
}

} // namespace varsim::rewrite::safety::test
