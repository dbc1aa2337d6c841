//===- test/bench/runtime/OverheadRatio.cpp - Instrumented vs. plain ------===//
//
// Runs callheavy (instrumented) and callheavy_plain, best of three each, for
// a call-bound workload (fib: tens of millions of tiny calls) and a workload
// of functions with some work in them, and prints times and ratios. Times
// are the children's CPU time (user + system), which a machine shared with
// other jobs distorts less than wall time.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/resource.h>

namespace {

double childrenCpuSeconds() {
  rusage Usage{};
  getrusage(RUSAGE_CHILDREN, &Usage);
  auto Seconds = [](const timeval &T) { return T.tv_sec + T.tv_usec * 1e-6; };
  return Seconds(Usage.ru_utime) + Seconds(Usage.ru_stime);
}

double bestSeconds(const std::string &Command) {
  double Best = 1e30;
  for (int I = 0; I < 3; ++I) {
    double Start = childrenCpuSeconds();
    if (std::system((Command + " > /dev/null").c_str()) != 0) {
      std::fprintf(stderr, "failed: %s\n", Command.c_str());
      std::exit(1);
    }
    Best = std::min(Best, childrenCpuSeconds() - Start);
  }
  return Best;
}

} // namespace

int main() {
  struct Workload {
    const char *Name, *Args;
    double Calls;
  } Workloads[] = {{"fib(34), tiny calls", "0 34", 18454929.0},
                   {"work x 2M, ~0.5us calls", "1 2000000", 2000001.0}};
  std::printf("%-26s %10s %10s %8s %12s\n", "workload", "plain s", "instr. s",
              "ratio", "ns/visit");
  for (const Workload &W : Workloads) {
    double Plain = bestSeconds(std::string(VARSIM_BENCH_DIR) +
                               "/callheavy_plain " + W.Args);
    double Instrumented =
        bestSeconds("VARSIM_TRACE=/tmp/varsim-overhead-trace.json " +
                    std::string(VARSIM_BENCH_DIR) + "/callheavy " + W.Args);
    std::printf("%-26s %10.3f %10.3f %8.2f %12.1f\n", W.Name, Plain,
                Instrumented, Instrumented / Plain,
                (Instrumented - Plain) * 1e9 / W.Calls);
  }
  return 0;
}
