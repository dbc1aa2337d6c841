//===- test/common/Shell.cpp - A shell command's exit and output ----------===//

#include "test/common/Shell.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <sys/wait.h>

namespace varsim::test {

RunOutcome shell(const std::string &Command) {
  RunOutcome R;
  FILE *P = popen(Command.c_str(), "r");
  if (!P)
    return R;
  char Buf[4096];
  size_t N;
  while ((N = fread(Buf, 1, sizeof Buf, P)) > 0)
    R.Stdout.append(Buf, N);
  int Status = pclose(P);
  R.Exit = WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
  return R;
}

RunOutcome compileAndRun(const std::map<std::string, std::string> &Files,
                         const std::vector<std::string> &Defines, bool Cxx) {
  llvm::SmallString<128> Dir;
  llvm::sys::fs::createUniqueDirectory("varsim-compile-run", Dir);
  std::string Cmd = std::string(Cxx ? "c++ -std=c++17" : "cc -std=c11") +
                    " -I" + std::string(Dir);
  for (const std::string &D : Defines)
    Cmd += " " + D;
  for (const auto &[Rel, Text] : Files) {
    std::string Path = std::string(Dir) + "/" + Rel;
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << Text;
    llvm::StringRef R(Rel);
    if (R.ends_with(".cpp") || R.ends_with(".c"))
      Cmd += " " + Path;
  }
  std::string Exe = std::string(Dir) + "/a.out";
  RunOutcome Build = shell(Cmd + " -o " + Exe + " 2>&1");
  RunOutcome R = Build.Exit == 0 ? shell(Exe) : Build;
  if (Build.Exit != 0)
    R.Stdout = "does not compile: " + Build.Stdout;
  llvm::sys::fs::remove_directories(Dir);
  return R;
}

} // namespace varsim::test
