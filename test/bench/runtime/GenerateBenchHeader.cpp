//===- test/bench/runtime/GenerateBenchHeader.cpp -------------------------===//
//
// Writes varsim_runtime.h and a varsim_generated.h with a few regions into
// the directory given as the only argument, for the benchmarks to include.
//
//===----------------------------------------------------------------------===//

#include "runtime/SimulatorTables.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

using namespace varsim::runtime;

int main(int Argc, char **Argv) {
  if (Argc != 2) {
    llvm::errs() << "usage: " << Argv[0] << " OUTPUT_DIR\n";
    return 2;
  }
  SimulatorTables Tables;
  for (const char *Name : {"main", "fib", "work", "bench_a", "bench_b"})
    Tables.Regions.push_back(
        RegionDesc{RegionKind::Function, Name, "1", "bench.c", 1, 1});
  llvm::StringRef Dir = Argv[1];
  std::error_code EC;
  llvm::raw_fd_ostream Runtime((Dir + "/" + RuntimeHeaderName).str(), EC);
  Runtime << runtimeHeaderText();
  llvm::raw_fd_ostream Generated((Dir + "/" + GeneratedHeaderName).str(), EC);
  writeGeneratedHeader(Tables, Generated);
  return EC ? 1 : 0;
}
