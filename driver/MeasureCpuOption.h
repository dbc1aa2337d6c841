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
/// calibration's note on stderr when it pins.
llvm::Expected<std::optional<unsigned>>
resolveMeasureCpu(const std::string &Spec);

} // namespace varsim::driver

#endif // VARSIM_DRIVER_MEASURECPUOPTION_H
