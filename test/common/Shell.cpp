//===- test/common/Shell.cpp - A shell command's exit and output ----------===//

#include "test/common/Shell.h"

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

} // namespace varsim::test
