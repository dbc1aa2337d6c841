//===- test/bench/templates/TemplateOverhead.cpp - Simulator vs. variant --===//
//
// The simulator of a template-heavy program (heavy/: a cache replay whose
// eviction policy is chosen by #ifdef, millions of lookups below the one
// configuration site) against its native variants, per configuration: the
// lowering dispatches once per call of the outermost function that names
// the site, so the template code below it is the variant's code. Two
// simulators: the real one (every function instrumented by the #if
// rewriter: two enter/exit pairs per lookup) and the same sources with the
// region markers removed (the feature switches only), which isolates what
// the lowering's dispatch costs. Times are the children's CPU time (user +
// system), best of five. Run by hand:
//
//   template_overhead_bench [LOOKUPS]
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/resource.h>
#include <unistd.h>

namespace {

double childrenCpuSeconds() {
  rusage Usage{};
  getrusage(RUSAGE_CHILDREN, &Usage);
  auto Seconds = [](const timeval &T) { return T.tv_sec + T.tv_usec * 1e-6; };
  return Seconds(Usage.ru_utime) + Seconds(Usage.ru_stime);
}

void run(const std::string &Command) {
  if (std::system(Command.c_str()) != 0) {
    std::fprintf(stderr, "failed: %s\n", Command.c_str());
    std::exit(1);
  }
}

double bestSeconds(const std::string &Command) {
  double Best = 1e30;
  for (int I = 0; I < 5; ++I) {
    double Start = childrenCpuSeconds();
    run(Command + " > /dev/null");
    Best = std::min(Best, childrenCpuSeconds() - Start);
  }
  return Best;
}

} // namespace

int main(int argc, char **argv) {
  std::string Lookups = argc > 1 ? argv[1] : "20000000";
  std::string Src = VARSIM_BENCH_SOURCE, Varsim = VARSIM_BINARY;
  std::string Work = "/tmp/varsim-template-bench-" + std::to_string(getpid());
  std::string Quiet = " > " + Work + ".log 2>&1";
  auto Configure = [&](const std::string &From, const std::string &Dir,
                       const std::string &Flags) {
    run("cmake -S " + From + " -B " + Dir +
        " -G Ninja -DCMAKE_BUILD_TYPE=Release '-DCMAKE_CXX_FLAGS=" + Flags +
        "'" + Quiet + " && cmake --build " + Dir + Quiet);
  };
  std::printf("building the variants and the simulator in %s ...\n",
              Work.c_str());
  Configure(Src, Work + "/fifo", "");
  Configure(Src, Work + "/lru", "-DLRU=1");
  run(Varsim + " rewrite " + Work + "/fifo/compile_commands.json -f " + Src +
      "/model.xml -o " + Work + "/sim" + Quiet);
  Configure(Work + "/sim/src", Work + "/sim-build", "");
  run("cp -r " + Work + "/sim/src " + Work + "/switches && find " + Work +
      "/switches -name '*.cpp' -exec sed -i -E "
      "'s/VARSIM_REGION\\([0-9]+\\);//g' "
      "'{}' +");
  Configure(Work + "/switches", Work + "/switches-build", "");

  std::printf("%-14s %9s %10s %7s %10s %7s   (%s lookups, CPU s, best of "
              "5)\n",
              "configuration", "variant", "simulator", "ratio", "switches",
              "ratio", Lookups.c_str());
  struct Config {
    const char *Name, *Variant, *VarsimConfig;
  } Configs[] = {{"LRU", "lru", "LRU"}, {"(none): FIFO", "fifo", ""}};
  for (const Config &C : Configs) {
    double Native = bestSeconds(Work + "/" + C.Variant + "/heavy " + Lookups);
    std::string Env = "VARSIM_CONFIG='" + std::string(C.VarsimConfig) +
                      "' VARSIM_TRACE=" + Work + "/trace.json ";
    double Sim = bestSeconds(Env + Work + "/sim-build/heavy " + Lookups);
    double Switches =
        bestSeconds(Env + Work + "/switches-build/heavy " + Lookups);
    std::printf("%-14s %9.3f %10.3f %7.3f %10.3f %7.3f\n", C.Name, Native, Sim,
                Sim / Native, Switches, Switches / Native);
  }
  run("rm -rf " + Work + " " + Work + ".log");
  return 0;
}
