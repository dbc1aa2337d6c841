//===- test/validation/MeasurementCpuTest.cpp - One CPU for every timing --===//
//
// The timed runs of `varsim run` and `varsim validate` go to one CPU when
// the CPUs' speeds differ (model/validation/MeasurementCpu.h): the choice
// from measured speeds, the option's values, and the pin's reach (the
// processes the pinned thread spawns) and its end.
//
//===----------------------------------------------------------------------===//

#include "model/validation/MeasurementCpu.h"

#include "model/validation/ShellProcess.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

using namespace varsim::validation;

namespace {

std::string errorOf(llvm::Error E) { return llvm::toString(std::move(E)); }

TEST(MeasurementCpu, TheFastestWhenACpuIsSlowerBeyondTheSpread) {
  // Lua's workload on the development VM: 0.80 s on CPU 0, 1.43 s on CPU 1.
  EXPECT_EQ(chooseFastest({{0, 0.80}, {1, 1.43}}), 0u);
  EXPECT_EQ(chooseFastest({{0, 1.43}, {1, 0.80}}), 1u);
  // A hybrid processor: two fast cores, two slow ones.
  EXPECT_EQ(chooseFastest({{0, 2.0}, {1, 2.1}, {2, 1.0}, {3, 1.02}}), 2u);
}

TEST(MeasurementCpu, CpusOfOneSpeedAreLeftToTheScheduler) {
  EXPECT_EQ(chooseFastest({{0, 1.00}, {1, 1.05}}), std::nullopt);
  EXPECT_EQ(chooseFastest({{0, 1.00}, {1, 1.00 * (1 + SpeedSpread)}}),
            std::nullopt);
  EXPECT_EQ(chooseFastest({{3, 1.0}}), std::nullopt);
  EXPECT_EQ(chooseFastest({}), std::nullopt);
}

TEST(MeasurementCpu, TheOptionsValues) {
  llvm::Expected<CpuRequest> Auto = parseCpuRequest("auto");
  ASSERT_TRUE(static_cast<bool>(Auto));
  EXPECT_EQ(Auto->How, CpuRequest::Auto);
  llvm::Expected<CpuRequest> None = parseCpuRequest("none");
  ASSERT_TRUE(static_cast<bool>(None));
  EXPECT_EQ(None->How, CpuRequest::None);
  llvm::Expected<CpuRequest> Three = parseCpuRequest("3");
  ASSERT_TRUE(static_cast<bool>(Three));
  EXPECT_EQ(Three->How, CpuRequest::Fixed);
  EXPECT_EQ(Three->Cpu, 3u);
  for (const char *Bad : {"fast", "-1", "1,2", "99999"}) {
    llvm::Expected<CpuRequest> R = parseCpuRequest(Bad);
    ASSERT_FALSE(static_cast<bool>(R)) << Bad;
    EXPECT_NE(errorOf(R.takeError()).find("expected auto, none or a CPU"),
              std::string::npos)
        << Bad;
  }
}

TEST(MeasurementCpu, AFixedCpuMustBeAllowed) {
  std::vector<unsigned> Allowed = allowedCpus();
  ASSERT_FALSE(Allowed.empty());
  llvm::Expected<CpuChoice> Ok =
      chooseMeasurementCpu({CpuRequest::Fixed, Allowed.back()});
  ASSERT_TRUE(static_cast<bool>(Ok));
  EXPECT_EQ(Ok->Cpu, Allowed.back());
  llvm::Expected<CpuChoice> Bad =
      chooseMeasurementCpu({CpuRequest::Fixed, CPU_SETSIZE - 1});
  ASSERT_FALSE(static_cast<bool>(Bad));
  EXPECT_NE(errorOf(Bad.takeError()).find("may not run on CPU"),
            std::string::npos);
  llvm::Expected<CpuChoice> None = chooseMeasurementCpu({CpuRequest::None, 0});
  ASSERT_TRUE(static_cast<bool>(None));
  EXPECT_EQ(None->Cpu, std::nullopt);
}

TEST(MeasurementCpu, AutoMeasuresEveryAllowedCpuAndKeepsTheAffinity) {
  std::vector<unsigned> Before = allowedCpus();
  llvm::Expected<CpuChoice> C = chooseMeasurementCpu({});
  ASSERT_TRUE(static_cast<bool>(C));
  EXPECT_EQ(allowedCpus(), Before);
  if (Before.size() < 2)
    return;
  ASSERT_EQ(C->Speeds.size(), Before.size());
  for (const CpuSpeed &S : C->Speeds)
    EXPECT_GT(S.Seconds, 0) << S.Cpu;
  // Pinned exactly when the measured speeds say so, with a note.
  EXPECT_EQ(C->Cpu, chooseFastest(C->Speeds));
  EXPECT_EQ(C->Note.empty(), !C->Cpu.has_value());
}

TEST(MeasurementCpu, APinnedThreadsChildrenRunOnItsCpuOnly) {
  std::vector<unsigned> Allowed = allowedCpus();
  ASSERT_FALSE(Allowed.empty());
  unsigned Cpu = Allowed.back();
  llvm::SmallString<128> Out;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("varsim-cpu", "txt", Out));
  {
    ScopedCpuPin Pin(Cpu);
    EXPECT_TRUE(Pin.pinned());
    EXPECT_EQ(allowedCpus(), std::vector<unsigned>{Cpu});
    ShellCommand C;
    C.Command = "grep Cpus_allowed_list /proc/self/status";
    C.StdoutPath = std::string(Out);
    ShellResult R = runShell(C);
    ASSERT_TRUE(R.succeeded()) << R.describe();
  }
  EXPECT_EQ(allowedCpus(), Allowed); // Restored.
  auto Text = llvm::MemoryBuffer::getFile(Out);
  ASSERT_TRUE(static_cast<bool>(Text));
  EXPECT_EQ(llvm::StringRef((*Text)->getBuffer()).trim(),
            "Cpus_allowed_list:\t" + std::to_string(Cpu));
  llvm::sys::fs::remove(Out);
}

TEST(MeasurementCpu, NoCpuNoPin) {
  std::vector<unsigned> Allowed = allowedCpus();
  ScopedCpuPin Pin(std::nullopt);
  EXPECT_FALSE(Pin.pinned());
  EXPECT_EQ(allowedCpus(), Allowed);
}

} // namespace
