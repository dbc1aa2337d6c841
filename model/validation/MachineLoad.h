//===- model/validation/MachineLoad.h - Is the machine busy? ----*- C++ -*-===//
//
// Timings taken while other jobs run carry their time: a model built from
// them, or a validation against them, is off by the load, not by the
// model. `varsim run` and `varsim validate` say so, naming the load.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_VALIDATION_MACHINELOAD_H
#define VARSIM_MODEL_VALIDATION_MACHINELOAD_H

#include <optional>
#include <string>

namespace varsim::validation {

/// The load average over the last minute (/proc/loadavg), if known.
std::optional<double> loadAverage();

/// A load of at least this many runnable jobs per CPU is "busy".
inline constexpr double BusyLoadPerCPU = 0.75;

/// "the machine is busy: load average 3.20 over the last minute on 2
/// CPU(s); ..." when it is, else nothing.
std::optional<std::string> busyMachineMessage();

} // namespace varsim::validation

#endif // VARSIM_MODEL_VALIDATION_MACHINELOAD_H
