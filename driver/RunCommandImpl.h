//===- driver/RunCommandImpl.h - varsim run's command -------*- C++ -*-===//
//
// Internal to `varsim run` (RunCommand.cpp): the command's options and
// state. RunCommand.cpp reads the options, prepares the plan and writes
// the index of traces; RunRounds.cpp runs the configurations in rounds
// (and the native reference), and decides how often to repeat them.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_DRIVER_RUNCOMMANDIMPL_H
#define VARSIM_DRIVER_RUNCOMMANDIMPL_H

#include "driver/Command.h"
#include "driver/NativeReference.h"

#include "model/validation/ExitCodes.h"
#include "model/validation/MeasurementCpu.h"
#include "plan/OutDir.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace varsim::driver::runcommand {

class RunCommand : public Command {
public:
  void addOptions(CLI::App &Sub) override;

  int run() override;

private:
  /// Said after a failure: the earlier traces that were put back, if any.
  std::string Kept;

  // Running (RunRounds.cpp).

  /// Runs configuration K of the plan (repetition Round); appends its
  /// index entry and sets Seconds. Returns 0, or the exit code to stop with.
  int runOnce(const plan::Plan &P, size_t K, unsigned Round,
              const std::string &Program, const validation::ExitCodes &Accepted,
              llvm::StringRef TraceDir, llvm::json::Array &Runs,
              std::optional<double> &Seconds);

  /// Runs configurations First.. of P in rounds, interleaved (every
  /// pending configuration once, then again, ...), so that a slow phase of
  /// the machine hits every configuration alike instead of one
  /// configuration's repetitions. Returns 0 or the exit code to stop with.
  /// FirstOnly makes round 1 only; Remaining then makes the later rounds
  /// of First.. (as All would have after round 1): an adaptive run weighs
  /// each follow-up's first run before choosing the next, and still
  /// interleaves the follow-ups' repetitions.
  enum class Rounds { All, FirstOnly, Remaining };
  int runRounds(const plan::Plan &P, size_t First, const std::string &Program,
                const validation::ExitCodes &Accepted, llvm::StringRef TraceDir,
                llvm::json::Array &Runs, Rounds Which = Rounds::All);

  /// The configurations (of Pending) to run once more after round Done. A
  /// number: every one until that many rounds. auto: AutoMinRounds rounds
  /// of every one while the rounds so far took under Budget seconds;
  /// then, up to AutoMaxRounds, only a configuration whose median is not
  /// backed by another of its runs within AutoSpread (and
  /// AutoSpreadFloorSeconds) of it: repetitions that agree need no more;
  /// at least one round however long it takes.
  std::vector<size_t>
  toRepeat(unsigned Done, double Elapsed, double Budget,
           const std::vector<size_t> &Pending,
           const std::vector<std::vector<double>> &Totals) const;

  /// Builds the native variant of First's configuration into OUT/native
  /// and runs it once, before the first simulator run. Returns 0 or the
  /// exit code to stop with.
  int startNativeReference(const plan::OutDirPlanInput &In,
                           const plan::PlannedRun &First,
                           const validation::ExitCodes &Accepted);

  /// A warning, once per varsim run, when a run took under ShortRunSeconds:
  /// its time is then mostly process start-up and the scheduler's
  /// granularity, and the model's differences between configurations are
  /// below what the clock can tell apart.
  void warnIfShort(llvm::StringRef What, double Seconds);

  /// A warning naming the load average when the machine is busy: the
  /// runs' times then carry other jobs' time.
  static void warnIfBusy(llvm::StringRef When);

  // Three, not two: with two repetitions the model's median is the slower
  // one (the first run of a configuration is often the colder), which put
  // model.dataflow_compressor 1.6-2.9 % below the designed times; with
  // three it is 0.08 % (load 30).
  static constexpr unsigned AutoMinRounds = 3, AutoMaxRounds = 5;
  static constexpr double AutoBudgetSeconds = 120, AutoSpread = 0.05,
                          AutoSpreadFloorSeconds = 0.01;

  llvm::Expected<std::string> findProgram(const std::string &Name);

  /// The files of a run's set in OUT/traces.
  static bool isTraceFile(llvm::StringRef File);

  /// OnDemand: index.json's "on_demand" (plan/OnDemand.h), if any
  /// function is covered on demand.
  int writeIndex(llvm::StringRef TraceDir, llvm::json::Array Runs,
                 std::optional<llvm::json::Object> Adapted,
                 std::optional<llvm::json::Array> OnDemand);

  std::string OutDir, ModelPath;
  std::vector<std::string> CommandLine;
  bool NoDataFlow = false;
  unsigned Strength = 0;
  std::string ExitCodeSpec = "0";
  std::string RepeatSpec = "auto";
  std::optional<unsigned> Repeat; ///< Unset: auto.
  bool NoAdaptive = false;
  bool EveryCopy = false;
  std::string NativeBuild, NativeRun;
  bool NoNative = false;
  /// --native-variants: each planned configuration's native variant,
  /// built the first time it runs (by configuration; the reference's
  /// configuration runs the reference).
  bool NativeVariants = false;
  std::map<std::string, NativeReference> Variants;
  const plan::OutDirPlanInput *PlanInput = nullptr;
  /// The native variant to run after configuration K's simulator run (null
  /// without --native-variants); builds it the first time. Returns 0 or
  /// the exit code to stop with.
  int nativeVariantOf(const plan::Plan &P, size_t K,
                      const validation::ExitCodes &Accepted,
                      NativeReference *&Variant);
  /// The native reference, when --native-build/--native-run gave one, and
  /// the time of its last run.
  std::optional<NativeReference> Reference;
  int64_t LastNativeNs = 0;
  int64_t LastNativeCpuNs = 0; ///< The same run's CPU time.
  /// Per run of the plan, the times of its rounds so far (as runOnce
  /// sets Seconds): --repeat auto decides on them.
  std::vector<std::vector<double>> RoundSeconds;
  bool WarnedShort = false;
  /// What the adaptive run decided, for index.json.
  std::optional<llvm::json::Object> Adaptive;
  /// --cpu, its resolution, and the pin of the timed runs (taken after the
  /// native reference's build, so that builds are not pinned).
  std::string CpuSpec = "auto";
  std::optional<unsigned> MeasureCpu;
  std::optional<validation::ScopedCpuPin> Pin;
  /// --cpu auto chose the pin (the user did not name the CPU).
  bool PinIsAuto = false;
  /// Whether the first pinned run's trace was checked for threads.
  bool ThreadsChecked = false;
  int unpinIfThreaded(const plan::Plan &P, size_t K, unsigned Round,
                      const std::string &Program,
                      const validation::ExitCodes &Accepted,
                      llvm::StringRef TraceDir, llvm::json::Array &Runs,
                      std::optional<double> &Seconds, llvm::StringRef Trace,
                      llvm::StringRef What, bool &Repeated);
  int runNativeFirst();
  void pinTimedRuns() {
    if (!Pin)
      Pin.emplace(MeasureCpu);
  }
};

} // namespace varsim::driver::runcommand

#endif // VARSIM_DRIVER_RUNCOMMANDIMPL_H
