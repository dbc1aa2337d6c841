//===- model/validation/MachineLoad.cpp - Is the machine busy? ------------===//

#include "model/validation/MachineLoad.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <thread>

namespace varsim::validation {

std::optional<double> loadAverage() {
  auto Buffer = llvm::MemoryBuffer::getFile("/proc/loadavg", /*IsText=*/true,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return std::nullopt;
  double Load = 0;
  if ((*Buffer)->getBuffer().split(' ').first.getAsDouble(Load))
    return std::nullopt;
  return Load;
}

std::optional<std::string> busyMachineMessage() {
  std::optional<double> Load = loadAverage();
  if (!Load)
    return std::nullopt;
  unsigned CPUs = std::max(1u, std::thread::hardware_concurrency());
  if (*Load < BusyLoadPerCPU * CPUs)
    return std::nullopt;
  return llvm::formatv("the machine is busy: load average {0:F2} over the "
                       "last minute on {1} CPU(s); the timings carry other "
                       "jobs' time",
                       *Load, CPUs)
      .str();
}

} // namespace varsim::validation
