//===- profile/Progress.cpp - Stage progress on a terminal and in a log ---===//

#include "profile/Progress.h"

#include "llvm/Support/FormatVariadic.h"

#include <ctime>

namespace varsim::profile {
namespace {

double since(std::chrono::steady_clock::time_point T) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T)
      .count();
}

std::string clockTime() {
  std::time_t Now = std::time(nullptr);
  char Buf[32];
  std::strftime(Buf, sizeof Buf, "%H:%M:%S", std::localtime(&Now));
  return Buf;
}

} // namespace

Progress::Progress(std::vector<std::string> Stages, llvm::raw_ostream &Out,
                   bool Terminal, llvm::raw_ostream *Log)
    : Stages(std::move(Stages)), Out(Out), Terminal(Terminal), Log(Log),
      Begin(std::chrono::steady_clock::now()), StageBegin(Begin) {}

Progress::~Progress() { stopTicker(); }

std::string Progress::prefix() const {
  return llvm::formatv("[{0}/{1}] {2}", Current + 1, Stages.size(),
                       Stages[Current]);
}

std::string Progress::remaining() const {
  std::string R;
  for (size_t I = Current + 1; I < Stages.size(); ++I)
    R += (R.empty() ? "" : ", ") + Stages[I];
  return R.empty() ? "nothing" : R;
}

void Progress::emit(const std::string &Line) {
  std::lock_guard<std::mutex> G(Lock);
  if (Terminal)
    Out << "\r\033[K";
  Out << Line << "\n";
  Out.flush();
  if (Log) {
    *Log << clockTime() << " " << Line << "\n";
    Log->flush();
  }
}

void Progress::start(size_t Stage, llvm::StringRef WhatNow) {
  stopTicker();
  Current = Stage;
  What = WhatNow.str();
  StageBegin = std::chrono::steady_clock::now();
  if (!Terminal) {
    emit(prefix() + ": " + What + " ...");
    return;
  }
  if (Log) {
    *Log << clockTime() << " " << prefix() << ": " << What << " ...\n";
    Log->flush();
  }
  Ticking = true;
  Ticker = std::thread([this] {
    while (Ticking) {
      {
        std::lock_guard<std::mutex> G(Lock);
        Out << "\r\033[K"
            << llvm::formatv("{0}: {1} ... {2:F0} s", prefix(), What,
                             since(StageBegin));
        Out.flush();
      }
      for (int I = 0; I < 10 && Ticking; ++I)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  });
}

void Progress::stopTicker() {
  Ticking = false;
  if (Ticker.joinable())
    Ticker.join();
}

void Progress::finish(llvm::StringRef How) {
  stopTicker();
  emit(llvm::formatv("{0}: {1} in {2:F1} s (elapsed {3:F1} s; remaining: {4})",
                     prefix(), How, since(StageBegin), since(Begin),
                     remaining())
           .str());
}

void Progress::fail(llvm::StringRef Why) {
  stopTicker();
  emit(llvm::formatv("{0}: FAILED after {1:F1} s: {2}", prefix(),
                     since(StageBegin), Why)
           .str());
}

void Progress::note(llvm::StringRef Line) {
  stopTicker();
  emit(Line.str());
}

double Progress::totalSeconds() const { return since(Begin); }

} // namespace varsim::profile
