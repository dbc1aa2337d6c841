//===- model/validation/MeasurementCpu.h - One CPU for every timing -*- C++
//-*-===//
//
// The CPUs of one machine do not always run at one speed. On a hybrid
// processor (performance and efficiency cores) the same program takes
// 1.5-2x as long on a slow core; in a virtual machine a virtual CPU that
// shares its physical core with another guest's busy thread is slower in
// the same way, and the guest cannot see it (no steal time, the CPU time
// of the process grows too). The scheduler places each run on whichever
// CPU is free, so the runs of one binary fall into two or more levels: on
// the 2-CPU machine varsim is developed on, Lua's workload took 0.78-0.82 s
// of CPU time on CPU 0 and 1.40-1.47 s on CPU 1, every time; the model
// fitted which CPU each run landed on as features' effects and
// interactions (Lua's 7 options: 28.7 % MAPE while the linear baseline,
// whose variants happened to land alike, had 3.8 %).
//
// So `varsim run` and `varsim validate` measure every timed run on one
// CPU: before the runs, a short calibration times the same work on each
// CPU the process may use, and when one CPU is slower than the fastest by
// more than SpeedSpread the timed runs are pinned to the fastest (the
// affinity of the thread that spawns them, which the children inherit;
// builds and output checks run elsewhere and stay unpinned). CPUs of equal
// speed are left to the scheduler, which can then avoid a busy one.
// `--cpu N` pins to CPU N, `--cpu none` never pins.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_VALIDATION_MEASUREMENTCPU_H
#define VARSIM_MODEL_VALIDATION_MEASUREMENTCPU_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <sched.h>

namespace varsim::validation {

/// A CPU more than this much slower than the fastest (time ratio - 1)
/// makes `--cpu auto` pin.
inline constexpr double SpeedSpread = 0.10;

/// What `--cpu` asked for.
struct CpuRequest {
  enum Kind { Auto, None, Fixed } How = Auto;
  unsigned Cpu = 0; ///< With Fixed.
};

/// Parses `auto`, `none` or a CPU number; an error names the option.
llvm::Expected<CpuRequest> parseCpuRequest(llvm::StringRef Spec);

/// The CPUs the calling thread may run on (its affinity), ascending.
std::vector<unsigned> allowedCpus();

/// One CPU's time for the calibration's fixed work (seconds of its own
/// CPU time, the fastest of a few tries).
struct CpuSpeed {
  unsigned Cpu = 0;
  double Seconds = 0;
};

/// The decision of `--cpu auto` from measured speeds: the fastest CPU when
/// another is more than SpeedSpread slower, else none (fewer than two
/// CPUs, or all alike).
std::optional<unsigned> chooseFastest(llvm::ArrayRef<CpuSpeed> Speeds);

/// The CPU the timed runs go to, and why.
struct CpuChoice {
  std::optional<unsigned> Cpu;  ///< None: the scheduler places the runs.
  std::vector<CpuSpeed> Speeds; ///< Measured (Auto only).
  /// A note for the user when the runs are pinned because the CPUs differ
  /// ("CPU 1 takes 1.79x CPU 0's time ..."), else empty.
  std::string Note;
};

/// Resolves Request: Fixed checks that the CPU is allowed; Auto times each
/// allowed CPU (about 0.1 s in all) and applies chooseFastest.
llvm::Expected<CpuChoice> chooseMeasurementCpu(const CpuRequest &Request);

/// While it lives, the calling thread, and every process it spawns, runs
/// on Cpu only (no pin when Cpu is empty); the thread's affinity is
/// restored afterwards.
class ScopedCpuPin {
public:
  explicit ScopedCpuPin(std::optional<unsigned> Cpu);
  ~ScopedCpuPin();
  ScopedCpuPin(const ScopedCpuPin &) = delete;
  ScopedCpuPin &operator=(const ScopedCpuPin &) = delete;
  /// Whether the pin took effect.
  bool pinned() const { return Pinned; }

private:
  cpu_set_t Saved;
  bool Pinned = false;
};

} // namespace varsim::validation

#endif // VARSIM_MODEL_VALIDATION_MEASUREMENTCPU_H
