//===- driver/MeasureCpuOption.h - --cpu of run and validate ----*- C++ -*-===//
//
// `varsim run` and `varsim validate` time their runs on one CPU when the
// machine's CPUs run at different speeds (model/validation/MeasurementCpu.h).
// Both commands take the same option and decide the same way, so that a
// model and its validation are measured on the same kind of CPU.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_DRIVER_MEASURECPUOPTION_H
#define VARSIM_DRIVER_MEASURECPUOPTION_H

#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace CLI {
class App;
}

namespace varsim::driver {

/// Adds `--cpu auto|none|N` (stored in Spec, default auto) to Sub.
void addMeasureCpuOption(CLI::App &Sub, std::string &Spec);

/// The CPU the timed runs go to for Spec (none: unpinned); prints the
/// calibration's note on stderr when it pins. With SameCpu, `auto` pins to
/// the fastest CPU even when the CPUs run alike: a native reference run
/// beside each simulator run measures the speed of the CPU it ran on, and
/// a virtual CPU's speed moves apart from the other's within minutes (on
/// this project's 2-CPU virtual machine the reference took 1.44 s on one
/// and 0.88 s on the other while the simulator's runs kept their speed).
llvm::Expected<std::optional<unsigned>>
resolveMeasureCpu(const std::string &Spec, bool SameCpu = false);

} // namespace varsim::driver

#endif // VARSIM_DRIVER_MEASURECPUOPTION_H
