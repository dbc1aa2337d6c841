//===- test/bench/rewrite/RewriteBench.cpp - Rewrite vs. -fsyntax-only ----===//
//
// usage: rewrite_bench [COMPILE_COMMANDS.json] [-j N]
//
// Without a database, generates a synthetic project (24 translation units,
// each with feature blocks in functions, conditional declarations, a
// feature switch and a shared header) in a temporary directory. Times
// `varsim rewrite` (in process, -j N) against `clang -fsyntax-only` over the
// same compile database with N in parallel, and prints the ratio overall and
// per parse configuration (the spec's goal: at most 2x per parse).
//
//===----------------------------------------------------------------------===//

#include "rewrite/Rewriter.h"
#include "support/Diagnostic.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace fs = llvm::sys::fs;

namespace {

void write(const std::string &Path, const std::string &Text) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  OS << Text;
}

std::string syntheticProject() {
  llvm::SmallString<128> Dir;
  fs::createUniqueDirectory("varsim-rewrite-bench", Dir);
  std::string Root(Dir);
  fs::create_directories(Root + "/build");
  write(Root + "/Makefile", "all:\n");
  write(Root + "/model.xml",
        "<?xml version=\"1.0\"?>\n<featureModel><struct><and abstract=\"true\" "
        "mandatory=\"true\" name=\"R\"><feature name=\"LOG\"/><feature "
        "name=\"FAST\"/><feature name=\"CHECK\"/></and></struct>"
        "</featureModel>\n");
  write(Root + "/common.h",
        "#ifndef COMMON_H\n#define COMMON_H\n#include <stdio.h>\n"
        "#include <stdlib.h>\n#include <string.h>\n"
        "#ifdef FAST\n#define STEP 4\n#else\n#define STEP 1\n#endif\n"
        "static inline int clamp(int v) {\n#ifdef CHECK\n"
        "  if (v < 0) v = 0;\n#endif\n  return v;\n}\n#endif\n");
  std::string DB = "[\n";
  const int Units = 24;
  for (int U = 0; U < Units; ++U) {
    std::string Name = "unit" + std::to_string(U);
    std::string Src = "#include \"common.h\"\n";
    for (int F = 0; F < 40; ++F) {
      std::string Fn = Name + "_f" + std::to_string(F);
      Src += "int " + Fn +
             "(int x) {\n  int s = 0;\n"
             "  for (int i = 0; i < x; i += STEP) {\n"
             "#ifdef LOG\n    if (i % 100 == 0) printf(\"%d\\n\", i);\n"
             "#endif\n    s += clamp(i);\n  }\n"
             "#if defined(FAST) && !defined(CHECK)\n  s *= 2;\n#elif "
             "defined(CHECK)\n  s += 1;\n#else\n  s -= 1;\n#endif\n"
             "  return s;\n}\n";
    }
    Src += "#ifdef FAST\nstatic int pick(int a) { return a * 2; }\n#else\n"
           "static int pick(int a) { return a + 2; }\n#endif\n"
           "int " +
           Name + "_main(void) { return pick(3); }\n";
    write(Root + "/" + Name + ".c", Src);
    DB += std::string(U ? ",\n" : "") + "{\"directory\": \"" + Root +
          "/build\", \"file\": \"" + Root + "/" + Name +
          ".c\", \"arguments\": [\"cc\", \"-std=c11\", \"-O2\", \"-c\", \"" +
          Root + "/" + Name + ".c\", \"-o\", \"" + Name + ".o\"]}";
  }
  write(Root + "/build/compile_commands.json", DB + "\n]\n");
  return Root + "/build/compile_commands.json";
}

double seconds(std::chrono::steady_clock::time_point Since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Since)
      .count();
}

/// clang -fsyntax-only over every entry, Jobs at a time.
double syntaxOnly(const std::string &DBPath, unsigned Jobs) {
  auto Buf = llvm::MemoryBuffer::getFile(DBPath);
  auto DB = llvm::json::parse((*Buf)->getBuffer());
  std::vector<std::vector<std::string>> Commands;
  for (const llvm::json::Value &E : *DB->getAsArray()) {
    const llvm::json::Object &O = *E.getAsObject();
    std::vector<std::string> Args{VARSIM_CLANG_BINARY, "-fsyntax-only", "-w"};
    const llvm::json::Array *A = O.getArray("arguments");
    for (size_t I = 1; A && I < A->size(); ++I) {
      llvm::StringRef S = *(*A)[I].getAsString();
      if (S == "-o" || S == "-c") {
        I += S == "-o";
        continue;
      }
      Args.push_back(S.str());
    }
    Commands.push_back(std::move(Args));
  }
  auto Start = std::chrono::steady_clock::now();
  std::vector<std::thread> Workers;
  std::atomic<size_t> Next{0};
  for (unsigned J = 0; J < Jobs; ++J)
    Workers.emplace_back([&] {
      for (size_t I; (I = Next++) < Commands.size();) {
        std::vector<llvm::StringRef> Argv(Commands[I].begin(),
                                          Commands[I].end());
        llvm::sys::ExecuteAndWait(Argv[0], Argv);
      }
    });
  for (std::thread &T : Workers)
    T.join();
  return seconds(Start);
}

} // namespace

int main(int argc, char **argv) {
  std::string DB;
  unsigned Jobs = 2;
  for (int I = 1; I < argc; ++I) {
    std::string A = argv[I];
    if (A == "-j" && I + 1 < argc)
      Jobs = static_cast<unsigned>(std::atoi(argv[++I]));
    else
      DB = A;
  }
  bool Synthetic = DB.empty();
  if (Synthetic)
    DB = syntheticProject();

  double Base = syntaxOnly(DB, Jobs);
  varsim::rewrite::RewriteOptions O;
  O.CompileCommands = DB;
  O.Jobs = Jobs;
  O.OutDir = DB.substr(0, DB.rfind('/')) + "/varsim-bench-out";
  auto Start = std::chrono::steady_clock::now();
  auto Sum = varsim::rewrite::rewriteProject(O);
  double Rewrite = seconds(Start);
  if (!Sum) {
    varsim::reportError(Sum.takeError());
    return 1;
  }
  unsigned Parses = std::max(1u, Sum->ParseConfigurations);
  llvm::outs() << "translation units:        " << Sum->TranslationUnits
               << "\nparse configurations:     " << Parses
               << "\nclang -fsyntax-only -j" << Jobs << ":   "
               << llvm::format("%.3f s", Base) << "\nvarsim rewrite -j" << Jobs
               << ":        " << llvm::format("%.3f s", Rewrite)
               << "\nratio:                    "
               << llvm::format("%.2fx", Rewrite / Base)
               << "\nratio per parse config:   "
               << llvm::format("%.2fx", Rewrite / Base / Parses)
               << " (goal: <= 2x)\n";
  if (Synthetic)
    fs::remove_directories(DB.substr(0, DB.rfind("/build")));
  return 0;
}
