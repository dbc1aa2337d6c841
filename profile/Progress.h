//===- profile/Progress.h - Stage progress on a terminal and in a log -*- C++
//-*-===//
//
// A long pipeline must say where it is: each stage prints a line when it
// starts and one when it ends, with its elapsed time, the total so far and
// the stages that remain. On a terminal the current stage's line is
// refreshed every second with its elapsed time (a build of minutes must not
// look hung); the same lines, without the refreshes and with wall-clock
// timestamps, go to a plain log file.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_PROFILE_PROGRESS_H
#define VARSIM_PROFILE_PROGRESS_H

#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace varsim::profile {

class Progress {
public:
  /// Stages: the names of every stage, in order. Log: the plain log (may be
  /// null). Terminal: whether Out is a terminal (live refresh).
  Progress(std::vector<std::string> Stages, llvm::raw_ostream &Out,
           bool Terminal, llvm::raw_ostream *Log);
  ~Progress();
  Progress(const Progress &) = delete;
  Progress &operator=(const Progress &) = delete;

  void start(size_t Stage, llvm::StringRef What);
  /// Ends the current stage: "done", "reused (inputs unchanged)", ...
  void finish(llvm::StringRef How);
  void fail(llvm::StringRef Why);
  /// A line of its own (a note, a result), in both outputs.
  void note(llvm::StringRef Line);
  double totalSeconds() const;

private:
  std::string prefix() const;
  std::string remaining() const;
  void emit(const std::string &Line);
  void stopTicker();

  std::vector<std::string> Stages;
  llvm::raw_ostream &Out;
  bool Terminal;
  llvm::raw_ostream *Log;
  size_t Current = 0;
  std::string What;
  std::chrono::steady_clock::time_point Begin, StageBegin;
  std::mutex Lock;
  std::atomic<bool> Ticking{false};
  std::thread Ticker;
};

} // namespace varsim::profile

#endif // VARSIM_PROFILE_PROGRESS_H
