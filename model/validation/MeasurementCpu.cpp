//===- model/validation/MeasurementCpu.cpp - One CPU for every timing -----===//

#include "model/validation/MeasurementCpu.h"

#include "support/Diagnostic.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <ctime>
#include <limits>
#include <vector>

#include <pthread.h>

namespace varsim::validation {

namespace {

/// The calling thread's own CPU time, in seconds.
double threadCpuSeconds() {
  timespec T{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return static_cast<double>(T.tv_sec) + static_cast<double>(T.tv_nsec) * 1e-9;
}

bool pinThread(unsigned Cpu) {
  cpu_set_t Set;
  CPU_ZERO(&Set);
  CPU_SET(Cpu, &Set);
  return pthread_setaffinity_np(pthread_self(), sizeof(Set), &Set) == 0;
}

/// The calibration's work: arithmetic and loads over a buffer larger than
/// a first-level cache, as an interpreter or a parser mixes them (a core
/// shared with another thread slows both). About 10 ms on a 2 GHz core.
double timeWork(std::vector<uint32_t> &Buffer) {
  double Start = threadCpuSeconds();
  uint64_t X = 0x9E3779B97F4A7C15ull;
  size_t Mask = Buffer.size() - 1;
  for (int I = 0; I < 2000000; ++I) {
    X = X * 6364136223846793005ull + 1442695040888963407ull;
    uint32_t &Slot = Buffer[(X >> 33) & Mask];
    Slot += static_cast<uint32_t>(X >> 17);
    X ^= Slot;
  }
  double Seconds = threadCpuSeconds() - Start;
  // Keeps the loop: its result is observable.
  Buffer[0] ^= static_cast<uint32_t>(X);
  return Seconds;
}

} // namespace

llvm::Expected<CpuRequest> parseCpuRequest(llvm::StringRef Spec) {
  CpuRequest R;
  if (Spec == "auto")
    return R;
  if (Spec == "none") {
    R.How = CpuRequest::None;
    return R;
  }
  unsigned Cpu = 0;
  if (Spec.getAsInteger(10, Cpu) || Cpu >= CPU_SETSIZE)
    return makeError("--cpu '" + Spec.str() +
                     "': expected auto, none or a CPU number (0, 1, ...)");
  R.How = CpuRequest::Fixed;
  R.Cpu = Cpu;
  return R;
}

std::vector<unsigned> allowedCpus() {
  cpu_set_t Set;
  CPU_ZERO(&Set);
  std::vector<unsigned> Cpus;
  if (pthread_getaffinity_np(pthread_self(), sizeof(Set), &Set) != 0)
    return Cpus;
  for (unsigned C = 0; C < CPU_SETSIZE; ++C)
    if (CPU_ISSET(C, &Set))
      Cpus.push_back(C);
  return Cpus;
}

std::optional<unsigned> chooseFastest(llvm::ArrayRef<CpuSpeed> Speeds) {
  if (Speeds.size() < 2)
    return std::nullopt;
  auto [Fastest, Slowest] = std::minmax_element(
      Speeds.begin(), Speeds.end(), [](const CpuSpeed &A, const CpuSpeed &B) {
        return A.Seconds < B.Seconds;
      });
  if (Fastest->Seconds <= 0 ||
      Slowest->Seconds <= Fastest->Seconds * (1 + SpeedSpread))
    return std::nullopt;
  return Fastest->Cpu;
}

llvm::Expected<CpuChoice> chooseMeasurementCpu(const CpuRequest &Request) {
  CpuChoice Choice;
  if (Request.How == CpuRequest::None)
    return Choice;
  std::vector<unsigned> Allowed = allowedCpus();
  if (Request.How == CpuRequest::Fixed) {
    if (!std::binary_search(Allowed.begin(), Allowed.end(), Request.Cpu))
      return makeError(fmt::format(
          "--cpu {}: this process may not run on CPU {} (allowed: {})",
          Request.Cpu, Request.Cpu, fmt::join(Allowed, ", ")));
    Choice.Cpu = Request.Cpu;
    return Choice;
  }
  if (Allowed.size() < 2)
    return Choice;
  // Three rounds over the CPUs, interleaved, the fastest try of each: a
  // moment of another job's load on one CPU is not its speed.
  std::vector<uint32_t> Buffer(1u << 16); // 256 KiB.
  std::vector<double> Best(Allowed.size(),
                           std::numeric_limits<double>::infinity());
  cpu_set_t Saved;
  CPU_ZERO(&Saved);
  pthread_getaffinity_np(pthread_self(), sizeof(Saved), &Saved);
  for (int Round = 0; Round < 3; ++Round)
    for (size_t I = 0; I < Allowed.size(); ++I)
      if (pinThread(Allowed[I]))
        Best[I] = std::min(Best[I], timeWork(Buffer));
  pthread_setaffinity_np(pthread_self(), sizeof(Saved), &Saved);
  for (size_t I = 0; I < Allowed.size(); ++I)
    if (Best[I] != std::numeric_limits<double>::infinity())
      Choice.Speeds.push_back({Allowed[I], Best[I]});
  Choice.Cpu = chooseFastest(Choice.Speeds);
  if (Choice.Cpu) {
    const CpuSpeed &Slowest =
        *std::max_element(Choice.Speeds.begin(), Choice.Speeds.end(),
                          [](const CpuSpeed &A, const CpuSpeed &B) {
                            return A.Seconds < B.Seconds;
                          });
    const CpuSpeed &Fastest =
        *std::find_if(Choice.Speeds.begin(), Choice.Speeds.end(),
                      [&](const CpuSpeed &S) { return S.Cpu == *Choice.Cpu; });
    Choice.Note = fmt::format(
        "the CPUs run at different speeds (CPU {} takes {:.2f}x CPU {}'s "
        "time for the same work: a hybrid processor's slower cores, or a "
        "virtual CPU sharing its core); every timed run goes to CPU {} "
        "(--cpu N chooses another, --cpu none leaves it to the scheduler)",
        Slowest.Cpu, Slowest.Seconds / Fastest.Seconds, Fastest.Cpu,
        Fastest.Cpu);
  }
  return Choice;
}

ScopedCpuPin::ScopedCpuPin(std::optional<unsigned> Cpu) {
  CPU_ZERO(&Saved);
  if (!Cpu || pthread_getaffinity_np(pthread_self(), sizeof(Saved), &Saved))
    return;
  Pinned = pinThread(*Cpu);
}

ScopedCpuPin::~ScopedCpuPin() {
  if (Pinned)
    pthread_setaffinity_np(pthread_self(), sizeof(Saved), &Saved);
}

} // namespace varsim::validation
