//===- driver/NativeReference.h - A native run beside each sim run -*- C++ -*-//
//
// This machine's speed drifts by 20-30 % from minute to minute (the host,
// not preemption: user time follows wall time), so two simulator runs a
// minute apart differ by more than most features cost. Only ratios of runs
// taken close together are stable. `varsim run --native-build/--native-run`
// therefore builds one native variant of a reference configuration (the
// plan's first run's) with the project's build command, as `varsim
// validate` builds its variants, and runs it before the first simulator
// run and after every one (N S N S N ...). Each trace records the native
// runs on either side of it ("native", docs/calltrace-format.md); `varsim
// model` divides each run's times by them, which removes the drift, and
// calibrates the level to the native variant's time
// (model/NativeReference.h).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_DRIVER_NATIVEREFERENCE_H
#define VARSIM_DRIVER_NATIVEREFERENCE_H

#include "model/validation/ExitCodes.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace varsim::driver {

class NativeReference {
public:
  /// Builds the native variant of Config (whose -D flags are Defines) in
  /// WorkDir/build with BuildCommand ({dir}, {defines}, {config}, as for
  /// `varsim validate --build`); its output goes to WorkDir/build.log.
  /// RunCommand (same placeholders) runs it; a simple command is launched
  /// directly, anything else through /bin/sh -c. What names it in
  /// messages ("the native reference", "the native variant of run 3").
  static llvm::Expected<NativeReference>
  build(llvm::StringRef BuildCommand, llvm::StringRef RunCommand,
        llvm::StringRef Config, llvm::StringRef Defines,
        llvm::StringRef WorkDir, validation::ExitCodes Accepted,
        llvm::StringRef What = "the native reference");

  /// Runs the native variant once (output to WorkDir/run.log); its wall
  /// time from spawn to exit in ns. Fails when it exits with a code that
  /// Accepted does not accept, by a signal, or when varsim is interrupted
  /// (InterruptSignal is then set).
  llvm::Expected<int64_t> run();

  const std::string &config() const { return Config; }
  /// The wall times of every run so far, in ns.
  const std::vector<int64_t> &times() const { return Times; }
  /// Their CPU times (wait4), in ns: the CPU time base's (model/TimeBase.h).
  const std::vector<int64_t> &cpuTimes() const { return CpuTimes; }

private:
  std::string Config, Command, LogPath, What;
  std::vector<std::string> Argv; ///< Program first.
  validation::ExitCodes Accepted;
  std::vector<int64_t> Times, CpuTimes;
};

} // namespace varsim::driver

#endif // VARSIM_DRIVER_NATIVEREFERENCE_H
