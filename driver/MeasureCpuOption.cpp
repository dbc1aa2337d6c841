//===- driver/MeasureCpuOption.cpp - --cpu of run and validate ------------===//

#include "driver/MeasureCpuOption.h"

#include "model/validation/MeasurementCpu.h"

#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdlib>

namespace varsim::driver {

void addMeasureCpuOption(CLI::App &Sub, std::string &Spec) {
  // VARSIM_CPU sets the default: a test harness that runs several varsim
  // commands at once (ctest -j) sets none, or they would all pin to the
  // same fastest CPU and share it while the others idle.
  const char *FromEnv = std::getenv("VARSIM_CPU");
  Sub.add_option("--cpu", Spec,
                 "The CPU every timed run goes to: auto (default: when a "
                 "short calibration finds a CPU more than 10 % slower than "
                 "the fastest -- a hybrid processor, a virtual CPU sharing "
                 "its core -- the fastest; else the scheduler places them), "
                 "none, or a CPU number; the environment's VARSIM_CPU sets "
                 "the default")
      ->default_val(FromEnv && *FromEnv ? FromEnv : "auto")
      ->type_name("auto|none|N");
}

llvm::Expected<std::optional<unsigned>>
resolveMeasureCpu(const std::string &Spec, bool SameCpu) {
  llvm::Expected<validation::CpuRequest> Request =
      validation::parseCpuRequest(Spec);
  if (!Request)
    return Request.takeError();
  llvm::Expected<validation::CpuChoice> Choice =
      validation::chooseMeasurementCpu(*Request);
  if (!Choice)
    return Choice.takeError();
  if (SameCpu && !Choice->Cpu && Choice->Speeds.size() > 1) {
    const validation::CpuSpeed &Fastest = *std::min_element(
        Choice->Speeds.begin(), Choice->Speeds.end(),
        [](const validation::CpuSpeed &A, const validation::CpuSpeed &B) {
          return A.Seconds < B.Seconds;
        });
    Choice->Cpu = Fastest.Cpu;
    Choice->Note = "the timed runs and the native runs beside them go to "
                   "CPU " +
                   std::to_string(Fastest.Cpu) +
                   " (the fastest now): a native run measures the speed of "
                   "the CPU it runs on (--cpu none lets the scheduler place "
                   "them)";
  }
  if (!Choice->Note.empty())
    llvm::errs() << "varsim: note: " << Choice->Note << "\n";
  return Choice->Cpu;
}

} // namespace varsim::driver
