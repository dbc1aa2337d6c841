//===- model/NativeReference.h - Runs relative to a native run --*- C++ -*-===//
//
// The machine's speed drifts by 20-30 % from minute to minute, so the
// simulator's runs of different configurations, taken a minute apart,
// differ by more than most features cost; and the simulator runs 1.2-1.35x
// the native variant (run-time feature tests in hot code, which no marker
// sees). `varsim run --native-build` runs a native variant of one
// reference configuration before the first simulator run and after every
// one (driver/NativeReference.h); each trace records the two native times
// around it ("native", docs/calltrace-format.md).
//
// A run r of configuration c, at a moment when the machine runs at speed
// s, takes S_r = sim(c) / s, and the native runs beside it N_r = nat(ref)
// / s: their ratio q_r = S_r / N_r = sim(c) / nat(ref) has no drift in it.
// At the reference configuration q = sim(ref) / nat(ref) = alpha, the
// simulator's slowdown. Every time in run r's trace is multiplied by
//   f_r = median(N) / (N_r * alpha),
// so the model sees sim(c) / alpha at one machine speed (the median's):
// the native variant's time at the reference, and the simulator's
// differences between configurations in native time elsewhere (the
// slowdown taken as a factor common to all configurations).
//
// With --native-variants, the native variant of each run's own
// configuration ran right after it, between the same reference runs: its
// time V_r at the common speed is V_r * median(N) / N_r, a native total of
// that configuration that model/RunTotals.h fits the model to. Each run's
// times are then scaled to that total instead, f_r = V_r * median(N) /
// (N_r * S_r): the slowdown alpha is not common to all configurations. A
// feature whose hot path carries markers or flag tests costs the simulator
// more than its variant (RapidJSON's SSE4.2-only parser ran 11-16 % slower
// than its variants, the other configurations 0-5 %), and alpha, measured
// at the reference, charged that difference to the feature. Scaled to its
// own variant, each run's contexts share that variant's time (RapidJSON:
// 12.9 % -> 4.2 % MAPE at the validation's level; Lua, 4 recorded runs:
// better on 3, 1.4 points worse on 1).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_NATIVEREFERENCE_H
#define VARSIM_MODEL_NATIVEREFERENCE_H

#include "callgraph/CallTrace.h"
#include "model/RunTotals.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace varsim::model {

/// What the calibration did, for MODEL.json (`native_reference`).
struct NativeCalibration {
  bool Applied = false;
  /// Why not (some traces carry native times but not all, or of different
  /// configurations), or what was left out (no run of the reference
  /// configuration: drift removed, level not calibrated). Empty when no
  /// trace has native times or all went well.
  std::string Note;
  std::string Config;       ///< The reference configuration.
  double NativeSeconds = 0; ///< median(N): the native level.
  /// alpha: the simulator's (overhead-corrected) time over the native
  /// one's at the reference configuration, 1 when no run had it.
  double Ratio = 1;
  struct Run {
    std::string Trace, Config;
    double NativeSeconds = 0;    ///< N_r: the faster of the runs around it.
    double SimulatorSeconds = 0; ///< Its overhead-corrected total.
    double Factor = 1;           ///< f_r, applied to its times.
    /// --native-variants: its configuration's native variant's time, at
    /// the level of median(N); 0 without.
    double VariantSeconds = 0;
  };
  std::vector<Run> Runs;
  /// Every run has its native variant's time (--native-variants).
  bool Variants = false;

  /// A configuration's native variant's total (the median and range over
  /// its runs), when every run has one; none otherwise.
  std::optional<MeasuredTotal> variantTotal(llvm::StringRef Config) const;
};

/// The spread of the native reference's runs (max over min) beyond which
/// the machine's speed changed while the simulator ran, not its noise: on
/// the development VM the same binary's runs spread 2-15 % in a quiet
/// half hour, and 40 % when the host slowed it (docs/realworld.md).
constexpr double SpeedChangeRatio = 1.25;

/// A warning when the native reference's runs beside the simulator's
/// spread more than SpeedChangeRatio: each run is scaled by its own
/// reference, so the model's shares hold, but its seconds are at the
/// median speed, and variants timed at another speed differ from them
/// by the change. None otherwise.
std::optional<std::string> speedChangeWarning(const NativeCalibration &N);

/// The range of the simulator's slowdown at the reference configuration
/// (alpha) within which one slowdown is taken as common to every
/// configuration. Below it the simulator ran faster than its variant, so
/// the two differ in more than feature tests (pugixml 1.13 with NO_XPATH:
/// 0.62x, the native build faulting 8x more under glibc's malloc, and ~1x
/// in the other configurations, which turned NO_XPATH's term around);
/// above it the slowdown is large enough that where it falls decides the
/// terms. Real programs ran at 1.02-1.11x (docs/realworld.md).
constexpr double CommonSlowdownLow = 0.9, CommonSlowdownHigh = 1.5;

/// A warning when the runs were levelled by one reference's slowdown
/// (without --native-variants) and that slowdown lies outside
/// [CommonSlowdownLow, CommonSlowdownHigh]: the model's terms then carry
/// the difference between configurations' slowdowns, which one reference
/// cannot see. None otherwise.
std::optional<std::string> slowdownWarning(const NativeCalibration &N);

/// The run's total as the model counts it: its regions' time on the main
/// thread and the process's untraced time (CallTrace::untracedNs), less
/// the instrumentation's calibrated cost. Without launch times, wall_ns
/// less that cost.
double correctedTotalNs(const callgraph::CallTrace &T);

/// Multiplies every time of T (nodes, calibration, wall, threads' lifetimes,
/// process times relative to its launch) by Factor.
void scaleTrace(callgraph::CallTrace &T, double Factor);

/// Scales each trace by its f_r when every run's trace carries native times
/// of one configuration; a fork child takes its parent's factor. Leaves the
/// traces alone otherwise (Applied false, Note says why when some had
/// native times).
NativeCalibration calibrateToNative(std::vector<callgraph::CallTrace> &Traces);

} // namespace varsim::model

#endif // VARSIM_MODEL_NATIVEREFERENCE_H
