//===- test/safety/SafetyBench.cpp - Time of the variant-safety pass ------===//
//
// Runs the pass (-j 1) on each realistic program (test/realistic/*, or the
// directories given) and compares its time with `clang -fsyntax-only` of
// the same translation units in the same parse configurations, one after
// the other. Prints the ratio per program and overall, and what the pass
// reported. Run by hand: safety_bench [DIR...]
//
//===----------------------------------------------------------------------===//

#include "SafetyHarness.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <regex>

using namespace varsim::rewrite::safety::test;
namespace fs = llvm::sys::fs;

namespace {

std::string field(const std::string &Json, const std::string &Name) {
  std::smatch M;
  std::regex R("\"" + Name + "\"\\s*:\\s*\"([^\"]*)\"");
  return std::regex_search(Json, M, R) ? M[1].str() : "";
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<std::string> Dirs;
  for (int I = 1; I < Argc; ++I)
    Dirs.push_back(llvm::StringRef(Argv[I]).rtrim('/').str());
  if (Dirs.empty()) {
    std::string Base = std::string(VARSIM_SOURCE_ROOT) + "/test/realistic";
    std::error_code EC;
    for (fs::directory_iterator It(Base, EC), End; It != End && !EC;
         It.increment(EC))
      if (fs::exists(It->path() + "/corpus.json"))
        Dirs.push_back(It->path());
    std::sort(Dirs.begin(), Dirs.end());
  }
  double PassTotal = 0, ClangTotal = 0;
  std::printf("%-16s %6s %9s %9s %6s %s\n", "program", "parses", "pass s",
              "clang s", "ratio", "findings");
  for (const std::string &Dir : Dirs) {
    std::map<std::string, std::string> Files = readDirectory(Dir);
    std::string Corpus = Files["corpus.json"];
    Files.erase("corpus.json");
    ProjectOptions O;
    O.Cxx = field(Corpus, "language") == "c++";
    O.Standard = field(Corpus, "standard");
    O.Keep = true;
    SafetyRun R = checkProject(Files, {}, O);
    auto Start = std::chrono::steady_clock::now();
    for (const std::string &C : R.SyntaxOnly)
      if (std::system((C + " > /dev/null 2>&1").c_str()) != 0)
        std::fprintf(stderr, "baseline failed: %s\n", C.c_str());
    double Clang =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
            .count();
    fs::remove_directories(R.Root);
    size_t Findings = 0;
    for (size_t P = R.Errors.find("error:"); P != std::string::npos;
         P = R.Errors.find("error:", P + 1))
      ++Findings;
    std::printf("%-16s %6u %9.3f %9.3f %6.2f %zu\n",
                llvm::sys::path::filename(Dir).str().c_str(), R.Parses,
                R.Seconds, Clang, Clang > 0 ? R.Seconds / Clang : 0.0,
                Findings);
    if (!R.Errors.empty())
      std::printf("%s\n", R.Errors.c_str());
    PassTotal += R.Seconds;
    ClangTotal += Clang;
  }
  std::printf("total: pass %.3f s, clang -fsyntax-only %.3f s, ratio %.2f\n",
              PassTotal, ClangTotal,
              ClangTotal > 0 ? PassTotal / ClangTotal : 0.0);
  return 0;
}
