//===- model/validation/Validation.cpp - Model against real variants ------===//

#include "model/validation/Validation.h"

#include "model/validation/BuildDir.h"
#include "model/validation/MachineLoad.h"
#include "model/validation/MeasurementCpu.h"

#include "model/validation/LinearBaseline.h"
#include "model/validation/Placeholders.h"
#include "model/validation/ShellProcess.h"
#include "model/validation/Stats.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <thread>

namespace varsim::validation {

const char *statusName(VariantStatus S) {
  switch (S) {
  case VariantStatus::Ok:
    return "ok";
  case VariantStatus::Invalid:
    return "invalid";
  case VariantStatus::BuildFailed:
    return "build failed";
  case VariantStatus::RunFailed:
    return "run failed";
  case VariantStatus::TimedOut:
    return "timed out";
  }
  return "?";
}

std::string variantDirName(llvm::StringRef Config) {
  std::string Readable;
  for (char C : Config.take_front(40))
    Readable += llvm::isAlnum(C) || C == '-' ? C : '_';
  if (Readable.empty())
    Readable = "none";
  return Readable + "-" +
         llvm::utohexstr(llvm::xxh3_64bits(Config) & 0xffffffff,
                         /*LowerCase=*/true, 8);
}

Accuracy score(llvm::ArrayRef<double> Predicted,
               llvm::ArrayRef<double> Measured) {
  Accuracy A;
  A.Count = std::min(Predicted.size(), Measured.size());
  A.Mape = meanAbsolutePercentageError(Predicted, Measured);
  A.MaxError = maxPercentageError(Predicted, Measured);
  A.Spearman = spearman(Predicted, Measured);
  return A;
}

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point T) {
  return std::chrono::duration<double>(Clock::now() - T).count();
}

std::string displayConfig(llvm::StringRef Config) {
  return Config.empty() ? std::string("(none)") : Config.str();
}

std::string formatSeconds(double S) {
  char Buf[32];
  if (S >= 60)
    std::snprintf(Buf, sizeof(Buf), "%.0f min %02.0f s", std::floor(S / 60),
                  std::fmod(S, 60));
  else
    std::snprintf(Buf, sizeof(Buf), "%.1f s", S);
  return Buf;
}

std::string readFileOr(llvm::StringRef Path, std::string Default) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  return Buf ? (*Buf)->getBuffer().str() : Default;
}

/// Runs Work(I) for I in [0, N) on up to Jobs threads.
void parallelFor(size_t N, unsigned Jobs,
                 const std::function<void(size_t)> &Work) {
  std::atomic<size_t> Next{0};
  auto Worker = [&] {
    for (size_t I; (I = Next++) < N;)
      Work(I);
  };
  std::vector<std::thread> Threads;
  for (unsigned T = 1; T < std::max(1u, Jobs) && T < N; ++T)
    Threads.emplace_back(Worker);
  Worker();
  for (std::thread &T : Threads)
    T.join();
}

/// The first difference between two outputs, as "line N: ... vs ...".
std::string firstDifference(llvm::StringRef Variant, llvm::StringRef Sim) {
  llvm::SmallVector<llvm::StringRef, 0> A, B;
  Variant.split(A, '\n');
  Sim.split(B, '\n');
  for (size_t I = 0; I < std::max(A.size(), B.size()); ++I) {
    llvm::StringRef L = I < A.size() ? A[I] : "<end of output>";
    llvm::StringRef R = I < B.size() ? B[I] : "<end of output>";
    if (L != R)
      return "stdout differs at line " + std::to_string(I + 1) + ": variant '" +
             L.take_front(120).str() + "', simulator '" +
             R.take_front(120).str() + "'";
  }
  return "stdout differs";
}

class Validator {
public:
  Validator(const ValidationPlan &Plan, const ValidationOptions &Options,
            const Predictor &Predict, llvm::raw_ostream &Progress)
      : Plan(Plan), Opts(Options), Predict(Predict), Progress(Progress),
        First(Plan.Variants.size()), Results(Plan.Variants.size()) {}

  llvm::Expected<ValidationResult> run() {
    Start = Clock::now();
    if (llvm::Error E = prepareDirectories())
      return E;
    size_t Invalid = 0;
    for (const VariantSpec &S : Plan.Variants)
      Invalid += !S.Invalid.empty();
    std::string InvalidNote =
        Invalid ? " (" + std::to_string(Invalid) + " invalid)" : "";
    say("validate: " + llvm::Twine(Plan.Variants.size()) + " variant(s)" +
        InvalidNote + ": " + Plan.SampleDescription);
    buildAll();
    measureAll();
    predictAll();
    if (!Opts.CheckOutputCommand.empty())
      checkOutputs();
    ValidationResult R;
    R.Variants = std::move(Results);
    summarize(R);
    R.ElapsedSeconds = secondsSince(Start);
    return R;
  }

private:
  const ValidationPlan &Plan;
  const ValidationOptions &Opts;
  const Predictor &Predict;
  llvm::raw_ostream &Progress;
  std::mutex ProgressLock;
  Clock::time_point Start;
  std::vector<std::optional<ShellResult>> First; ///< Each variant's first run.
  std::vector<VariantResult> Results;

  const VariantSpec &spec(size_t I) const { return Plan.Variants[I]; }

  PlaceholderValues values(size_t I) const {
    return {Results[I].Dir, spec(I).Defines, spec(I).Config};
  }

  std::string logPath(size_t I, llvm::StringRef Name) const {
    llvm::SmallString<256> P(Results[I].LogDir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }

  void say(const llvm::Twine &Line) {
    std::lock_guard<std::mutex> Lock(ProgressLock);
    Progress << Line << '\n';
    Progress.flush();
  }

  llvm::Error prepareDirectories() {
    llvm::SmallString<256> Root(Opts.ReportDir);
    if (std::error_code EC = llvm::sys::fs::make_absolute(Root))
      return makeError(Opts.ReportDir, 0, 0, "cannot resolve: " + EC.message());
    llvm::sys::path::append(Root, "variants");
    if (std::error_code EC = llvm::sys::fs::create_directories(Root))
      return makeError(std::string(Root), 0, 0,
                       "cannot create directory: " + EC.message());
    for (size_t I = 0; I < Results.size(); ++I) {
      llvm::SmallString<256> Log(Root);
      llvm::sys::path::append(Log, variantDirName(spec(I).Config));
      llvm::SmallString<256> Dir(Log);
      llvm::sys::path::append(Dir, "build");
      Results[I].LogDir = std::string(Log);
      Results[I].Dir = std::string(Dir);
      if (!spec(I).Invalid.empty()) {
        Results[I].Status = VariantStatus::Invalid;
        Results[I].Message = spec(I).Invalid;
      }
    }
    return llvm::Error::success();
  }

  void buildAll() {
    std::vector<size_t> ToBuild;
    for (size_t I = 0; I < Results.size(); ++I)
      if (Results[I].Status == VariantStatus::Ok)
        ToBuild.push_back(I);
    say("validate: building " + llvm::Twine(ToBuild.size()) +
        " variant(s) with " + llvm::Twine(std::max(1u, Opts.Jobs)) + " job(s)");
    auto PhaseStart = Clock::now();
    std::atomic<size_t> Done{0};
    parallelFor(ToBuild.size(), Opts.Jobs, [&](size_t K) {
      size_t I = ToBuild[K];
      VariantResult &R = Results[I];
      std::string Command = expandPlaceholders(Opts.BuildCommand, values(I));
      ShellResult S;
      if (std::error_code EC = prepareBuildDir(
              Results[I].Dir, logPath(I, "build.stamp"), Command)) {
        R.Status = VariantStatus::BuildFailed;
        R.Message = "cannot prepare " + R.Dir + ": " + EC.message();
      } else {
        ShellCommand C;
        C.Command = Command;
        C.StdoutPath = C.StderrPath = logPath(I, "build.log");
        S = runShell(C);
        R.BuildSeconds = S.WallSeconds;
        R.Built = S.succeeded();
        if (!R.Built) {
          R.Status = VariantStatus::BuildFailed;
          R.Message = "build failed (" + S.describe() +
                      "); log: " + C.StdoutPath + tailOf(C.StdoutPath);
        }
      }
      size_t N = ++Done;
      double Elapsed = secondsSince(PhaseStart);
      double Left = Elapsed / static_cast<double>(N) *
                    static_cast<double>(ToBuild.size() - N);
      say("[build " + llvm::Twine(N) + "/" + llvm::Twine(ToBuild.size()) +
          "] " + displayConfig(spec(I).Config) + ": " +
          (R.Built ? "built in " + formatSeconds(R.BuildSeconds)
                   : "FAILED: " + S.describe()) +
          (N < ToBuild.size() ? "; about " + formatSeconds(Left) + " left"
                              : std::string()));
    });
  }

  /// One run of the variant; the first one's stdout is kept for the output
  /// check. Returns false (and records why) if the run failed.
  bool runOnce(size_t I, const std::string &Command, bool IsFirst,
               double *Seconds, double *CpuSeconds, std::string *Reason) {
    VariantResult &R = Results[I];
    ShellCommand C;
    C.Command = Command;
    C.StdoutPath = logPath(I, IsFirst ? "first-run.stdout" : "run.stdout");
    C.StderrPath = logPath(I, "run.stderr");
    C.TimeoutSeconds = Opts.TimeoutSeconds;
    ShellResult S = runShell(C);
    if (IsFirst)
      First[I] = S;
    *Seconds = S.WallSeconds;
    *CpuSeconds = S.CpuSeconds;
    // A signal is never accepted, even as a shell's exit code 128 + N.
    bool Exited = S.exited() && S.effectiveSignal() == 0;
    if (Exited && Opts.RunExitCodes.accepts(S.ExitCode))
      return true;
    R.Status = S.TimedOut ? VariantStatus::TimedOut : VariantStatus::RunFailed;
    *Reason = S.describe(Opts.TimeoutSeconds);
    if (Exited)
      *Reason += " (--exit-code accepts " + Opts.RunExitCodes.str() + ")";
    R.Message =
        "run " + *Reason + "; stderr: " + C.StderrPath + tailOf(C.StderrPath);
    return false;
  }

  void measureAll() {
    std::vector<size_t> ToRun;
    for (size_t I = 0; I < Results.size(); ++I)
      if (Results[I].Built)
        ToRun.push_back(I);
    unsigned Repeat = std::max(1u, Opts.Repeat);
    say("validate: measuring " + llvm::Twine(ToRun.size()) +
        " variant(s) one at a time (" +
        (Opts.CpuTime ? "CPU time: user + system" : "wall time") + "), " +
        llvm::Twine(Opts.Warmup) + " warm-up + " + llvm::Twine(Repeat) +
        " run(s) each, interleaved (every variant once per round)");
    if (std::optional<std::string> Busy = busyMachineMessage())
      say("varsim: warning: " + *Busy +
          "; the measured times and the errors are less reliable");
    // Every measured run on one CPU when the CPUs' speeds differ.
    ScopedCpuPin Pin(Opts.MeasureCpu);
    auto PhaseStart = Clock::now();
    // Warm-ups first, then rounds of every variant: a slow phase of the
    // machine (another job, a thermal throttle) then hits every variant
    // alike instead of all the runs of one.
    std::vector<char> Ok(Results.size(), 1);
    std::vector<std::string> Reasons(Results.size());
    std::vector<std::string> Commands(Results.size());
    for (size_t I : ToRun) {
      Commands[I] = expandPlaceholders(Opts.RunCommand, values(I));
      double Seconds = 0, Cpu = 0;
      for (unsigned W = 0; Ok[I] && W < Opts.Warmup; ++W)
        Ok[I] = runOnce(I, Commands[I], W == 0, &Seconds, &Cpu, &Reasons[I]);
    }
    size_t Total = ToRun.size() * Repeat, Done = 0;
    for (unsigned Rep = 0; Rep < Repeat; ++Rep) {
      for (size_t K = 0; K < ToRun.size(); ++K) {
        size_t I = ToRun[K];
        ++Done;
        // A variant that failed is reported once: in the round it failed
        // in (the first one for a failed warm-up).
        bool FailedBefore = !Ok[I];
        if (FailedBefore && Rep > 0)
          continue;
        if (!FailedBefore) {
          double Seconds = 0, Cpu = 0;
          Ok[I] = runOnce(I, Commands[I], Opts.Warmup == 0 && Rep == 0,
                          &Seconds, &Cpu, &Reasons[I]);
          if (Ok[I]) {
            Results[I].WallTimes.push_back(Seconds);
            Results[I].CpuTimes.push_back(Cpu);
            Results[I].Times.push_back(Opts.CpuTime ? Cpu : Seconds);
          }
          if (Rep + 1 < Repeat && Ok[I])
            continue;
        }
        // The variant's last run (or its failure): its result.
        VariantResult &R = Results[I];
        if (Ok[I]) {
          R.Measured = median(R.Times);
          R.MeasuredWall = median(R.WallTimes);
          R.MeasuredCpu = median(R.CpuTimes);
        }
        double Elapsed = secondsSince(PhaseStart);
        double Left = Elapsed / static_cast<double>(Done) *
                      static_cast<double>(Total - Done);
        char Buf[64] = "";
        if (R.Measured)
          std::snprintf(Buf, sizeof(Buf), "%.6f s (median of %zu)", *R.Measured,
                        R.Times.size());
        say("[measure " + llvm::Twine(K + 1) + "/" + llvm::Twine(ToRun.size()) +
            "] " + displayConfig(spec(I).Config) + ": " +
            (Ok[I] ? std::string(Buf) : "FAILED: " + Reasons[I]) +
            (Done < Total ? "; about " + formatSeconds(Left) + " left"
                          : std::string()));
      }
    }
  }

  void predictAll() {
    for (size_t I = 0; I < Results.size(); ++I) {
      if (!spec(I).Invalid.empty())
        continue;
      llvm::Expected<double> P = Predict(spec(I).Configuration);
      if (P)
        Results[I].Predicted = *P;
      else
        Results[I].PredictionError = errorToString(P.takeError());
    }
  }

  void checkOutputs() {
    std::vector<size_t> ToCheck;
    for (size_t I = 0; I < Results.size(); ++I)
      if (First[I] && !First[I]->TimedOut)
        ToCheck.push_back(I);
    say("validate: checking the simulator's output for " +
        llvm::Twine(ToCheck.size()) + " configuration(s)");
    std::atomic<size_t> Done{0};
    parallelFor(ToCheck.size(), Opts.Jobs, [&](size_t K) {
      size_t I = ToCheck[K];
      VariantResult &R = Results[I];
      ShellCommand C;
      C.Command = expandPlaceholders(Opts.CheckOutputCommand, values(I));
      C.StdoutPath = logPath(I, "simulator.stdout");
      C.StderrPath = logPath(I, "simulator.stderr");
      std::string Trace = logPath(I, "simulator-trace.json");
      C.Environment = {{"VARSIM_CONFIG", spec(I).Config},
                       {"VARSIM_TRACE", Trace}};
      C.TimeoutSeconds = Opts.TimeoutSeconds;
      ShellResult S = runShell(C);
      llvm::sys::fs::remove(Trace);
      R.OutputChecked = true;
      const ShellResult &V = *First[I];
      if (!S.Started || S.TimedOut) {
        R.OutputDifferences.push_back("simulator " +
                                      S.describe(Opts.TimeoutSeconds));
      } else {
        // Compared whether the variant or the simulator ran through a shell
        // (which reports a child's signal N as exit code 128 + N) or not.
        if (S.effectiveSignal() != V.effectiveSignal() ||
            (S.effectiveSignal() == 0 && S.ExitCode != V.ExitCode))
          R.OutputDifferences.push_back("exit status differs: variant " +
                                        V.describe() + ", simulator " +
                                        S.describe());
        std::string VOut = readFileOr(logPath(I, "first-run.stdout"), "");
        std::string SOut = readFileOr(C.StdoutPath, "");
        if (VOut != SOut)
          R.OutputDifferences.push_back(firstDifference(VOut, SOut));
      }
      say("[check " + llvm::Twine(++Done) + "/" + llvm::Twine(ToCheck.size()) +
          "] " + displayConfig(spec(I).Config) + ": " +
          (R.OutputDifferences.empty() ? "same output and exit status"
                                       : "DIFFERS"));
    });
  }

  void fitBaseline(ValidationResult &R) {
    BaselineSummary &B = R.Baseline;
    std::vector<std::vector<double>> X;
    std::vector<double> Y;
    for (size_t I = 0; I < R.Variants.size(); ++I)
      if (spec(I).BaselineTraining && R.Variants[I].Measured) {
        X.push_back(spec(I).Features);
        Y.push_back(*R.Variants[I].Measured);
      }
    B.TrainingVariants = X.size();
    bool Requested = false;
    for (const VariantSpec &S : Plan.Variants)
      Requested |= S.BaselineTraining;
    if (!Requested) {
      B.Error = "not requested";
      return;
    }
    if (X.empty()) {
      B.Error = "no baseline training variant was measured";
      return;
    }
    llvm::Expected<LinearBaseline> L =
        LinearBaseline::fit(Plan.FeatureNames, X, Y);
    if (!L) {
      B.Error = errorToString(L.takeError());
      return;
    }
    B.Fitted = true;
    B.FullRank = L->fullRank();
    for (const LinearBaseline::Term &T : L->terms())
      B.Coefficients.emplace_back(T.Name, T.Coefficient);
    B.Terms = B.Coefficients.size();
    std::vector<double> BP, MP, M;
    for (size_t I = 0; I < R.Variants.size(); ++I) {
      VariantResult &V = R.Variants[I];
      if (!spec(I).Invalid.empty())
        continue;
      V.BaselinePredicted = L->predict(spec(I).Features);
      if (spec(I).InSample && !spec(I).BaselineTraining && V.Measured &&
          V.Predicted) {
        BP.push_back(*V.BaselinePredicted);
        MP.push_back(*V.Predicted);
        M.push_back(*V.Measured);
      }
    }
    B.HeldOut = score(BP, M);
    B.ModelHeldOut = score(MP, M);
  }

  void summarize(ValidationResult &R) {
    std::vector<double> P, M;
    for (size_t I = 0; I < R.Variants.size(); ++I) {
      const VariantResult &V = R.Variants[I];
      R.Measured += V.Measured.has_value();
      R.Failed += V.Status != VariantStatus::Ok;
      R.OutputMismatches += !V.OutputDifferences.empty();
      if (spec(I).InSample && V.Measured && V.Predicted) {
        P.push_back(*V.Predicted);
        M.push_back(*V.Measured);
      }
    }
    R.Model = score(P, M);
    fitBaseline(R);
    std::vector<std::vector<double>> X;
    std::vector<double> Measured, Predicted;
    for (size_t I = 0; I < R.Variants.size(); ++I) {
      const VariantResult &V = R.Variants[I];
      if (spec(I).Invalid.empty() && V.Measured && V.Predicted) {
        X.push_back(spec(I).Features);
        Measured.push_back(*V.Measured);
        Predicted.push_back(*V.Predicted);
      }
    }
    R.Effects =
        compareFeatureEffects(Plan.FeatureNames, X, Measured, Predicted);
  }
};

} // namespace

llvm::Expected<ValidationResult> validate(const ValidationPlan &Plan,
                                          const ValidationOptions &Options,
                                          const Predictor &Predict,
                                          llvm::raw_ostream &Progress) {
  return Validator(Plan, Options, Predict, Progress).run();
}

} // namespace varsim::validation
