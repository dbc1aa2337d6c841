//===- driver/ValidateCommand.cpp - varsim validate -----------------------===//
//
// Connects the validation library (model/validation) to the model library:
// the predictor is MODEL.json's prediction of a configuration, the bars are
// its terms, and the simulator runs are the traces it records.
//
//===----------------------------------------------------------------------===//

#include "driver/Command.h"
#include "driver/MeasureCpuOption.h"

#include "feature_models/FeatureModel.h"
#include "model/FeatureValues.h"
#include "model/ModelFile.h"
#include "model/validation/Report.h"
#include "model/validation/Sampling.h"
#include "model/validation/Validation.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <map>
#include <optional>
#include <set>

#include <thread>

namespace varsim::driver {
namespace {

using namespace varsim::validation;

/// Without --sample: every valid configuration up to this many, else a
/// pair-wise sample.
constexpr double AllConfigurationsLimit = 256;

class ValidateCommand : public Command {
public:
  void addOptions(CLI::App &Sub) override {
    Sub.description(
        "Build sampled variants from the original sources with -D flags, "
        "measure them, and compare the medians with the model's predictions "
        "(and with a black-box linear model fitted on a feature-wise + "
        "pair-wise sample). Prints a table and the error figures; writes a "
        "CSV and an HTML report. Exits 1 if any variant failed or any output "
        "differed; every result is still written.");
    Sub.add_option("--model", ModelPath, "MODEL.json written by 'varsim model'")
        ->required()
        ->type_name("MODEL.json");
    Sub.add_option("-f,--feature-model", FeatureModelPath,
                   "Feature model (FeatureIDE model.xml or SPL Conqueror vm)")
        ->required()
        ->type_name("FEATURE_MODEL");
    Sub.add_option("--build", Options.BuildCommand,
                   "Build command (shell syntax) with {dir}, {defines}, "
                   "{config}")
        ->required()
        ->type_name("CMD");
    Sub.add_option("--run", Options.RunCommand,
                   "Run command with {dir}, {defines}, {config}; timed from "
                   "spawn to exit (see below for when a shell runs it)")
        ->required()
        ->type_name("CMD");
    Sub.add_option("--sample", Sample,
                   "all | featurewise | pairwise | random:N (default: all up "
                   "to 256 valid configurations, else pairwise)")
        ->type_name("STRATEGY");
    Sub.add_option("--config", ExtraConfigs,
                   "Also validate this CONFIG (repeatable; \"\" = no optional "
                   "feature)")
        ->type_name("CONFIG");
    Sub.add_option("--seed", Seed, "Seed for random:N")->default_val(1);
    Sub.add_option("--repeat", Options.Repeat,
                   "Measured runs per variant (the median is taken)")
        ->default_val(5)
        ->check(CLI::PositiveNumber)
        ->type_name("R");
    Sub.add_option("--warmup", Options.Warmup,
                   "Unmeasured runs before the repetitions")
        ->default_val(1)
        ->type_name("W");
    Sub.add_option("-j,--jobs", Options.Jobs,
                   "Parallel builds (runs are always one at a time)")
        ->default_val(std::max(1u, std::thread::hardware_concurrency()))
        ->check(CLI::PositiveNumber)
        ->type_name("N");
    Sub.add_option("--report", Options.ReportDir,
                   "Report directory: index.html, results.csv, summary.csv, "
                   "variants/")
        ->default_val("varsim-validation")
        ->type_name("DIR");
    Sub.add_option("--check-output", Options.CheckOutputCommand,
                   "Simulator command: run with VARSIM_CONFIG per "
                   "configuration; its stdout and exit code must equal the "
                   "variant's")
        ->type_name("SIM_CMD");
    Sub.add_option("--exit-code", ExitCodeSpec,
                   "The exit code(s) of a successful run of a variant: a "
                   "number (default 0), a comma-separated list, or 'any' for "
                   "programs whose exit code depends on the configuration "
                   "(--check-output still compares them)")
        ->type_name("N|N,M|any");
    Sub.add_option("--timeout", Timeout, "Time limit of one run, in seconds")
        ->check(CLI::PositiveNumber)
        ->type_name("SECONDS");
    Sub.add_option("--time", TimeBaseName,
                   "What a variant's measured time is: cpu (user + system of "
                   "the run and its children; robust to other load for "
                   "single-threaded programs) or wall. Both go to "
                   "results.csv. Default: the model's time base (MODEL.json "
                   "time_base; wall for older models)")
        ->check(CLI::IsMember({"cpu", "wall"}));
    Sub.add_flag("--no-baseline", NoBaseline,
                 "Measure only the sample and --config: not the linear "
                 "baseline's training sample, nor the model's native "
                 "reference (measured otherwise to show the model at this "
                 "session's level)");
    addMeasureCpuOption(Sub, CpuSpec);
    Sub.footer(
        "Placeholders, replaced verbatim in --build, --run and --check-output "
        "(quote them\nyourself), e.g. for the configuration "
        "LOGGING,COLORSCAN:\n"
        "  {config}   LOGGING,COLORSCAN\n"
        "  {defines}  -DLOGGING=1 -DCOLORSCAN=1\n"
        "  {dir}      REPORT/variants/LOGGING_COLORSCAN-<hash>/build "
        "(absolute; "
        "kept while the\n"
        "             expanded build command is unchanged, so builds are "
        "incremental)\n"
        "\n"
        "Commands: a simple command (words, '...' or \"...\" quoting; no "
        "$ ` \\ | & ; < > ( ) * ? [ # ~ { }\n"
        "or newline; no VAR=value prefix; a program found by its path or in "
        "PATH, not a shell\n"
        "builtin) is launched directly, as a shell would, so a measured run "
        "costs no shell\n"
        "start-up; anything else runs through /bin/sh -c in the current "
        "directory\n"
        "(e.g. '{dir}/app < in.txt', 'cd {dir} && ./app').\n"
        "\n"
        "Output: the table and the error figures on stdout, progress on "
        "stderr; REPORT/index.html\n"
        "(plots; opens offline), REPORT/results.csv (one row per variant), "
        "REPORT/summary.csv.\n"
        "Exit code: 0 all variants ok, 1 some variant failed (invalid, build "
        "failed, run failed,\n"
        "timed out) or an output differed -- every result is still written --, "
        "2 usage error.\n"
        "A run that exits with a code --exit-code does not accept (default "
        "0) or by a signal has\n"
        "failed; --check-output compares the simulator's exit code with the "
        "variant's either way.\n"
        "\n"
        "Examples:\n"
        "  # a CMake project, every valid variant, run from its source "
        "directory\n"
        "  varsim validate --model MODEL.json -f model.xml \\\n"
        "    --build 'cmake -S . -B {dir} -DCMAKE_C_FLAGS=\"{defines}\" && "
        "cmake --build {dir}' \\\n"
        "    --run '{dir}/APP INPUT' --sample all --repeat 5 -j 2\n"
        "  # one source file, a pair-wise sample, outputs compared with the "
        "simulator's\n"
        "  varsim validate --model MODEL.json -f model.xml \\\n"
        "    --build 'cc -O2 {defines} -o {dir}/app app.c' --run '{dir}/app' "
        "\\\n"
        "    --sample pairwise --check-output 'SIM_BUILD/app' --timeout 60\n"
        "  # a grep-like program that exits 1 when it finds nothing\n"
        "  varsim validate --model MODEL.json -f model.xml --build CMD \\\n"
        "    --run '{dir}/search pattern input.txt' --exit-code 0,1 \\\n"
        "    --check-output 'SIM_BUILD/search pattern input.txt'\n"
        "  # two named configurations only, no baseline\n"
        "  varsim validate --model MODEL.json -f model.xml --build CMD --run "
        "CMD "
        "\\\n"
        "    --config '' --config LOGGING,COLORSCAN --no-baseline");
  }

  int run() override {
    auto Accepted = ExitCodes::parse(ExitCodeSpec);
    if (!Accepted) {
      reportError(Accepted.takeError());
      return ExitUsage;
    }
    Options.RunExitCodes = *Accepted;
    std::optional<fm::SampleOptions> Parsed;
    if (!Sample.empty()) {
      auto S = parseSampleStrategy(Sample, Seed);
      if (!S) {
        reportError(S.takeError());
        return ExitUsage;
      }
      Parsed = *S;
    }
    auto FM = fm::loadFeatureModel(FeatureModelPath);
    if (!FM) {
      reportError(FM.takeError());
      return ExitFailure;
    }
    auto Model = model::loadModel(ModelPath);
    if (!Model) {
      reportError(Model.takeError());
      return ExitFailure;
    }

    // The model's level is the native reference's beside `varsim run`;
    // its measurement here shows how far the machine drifted since.
    std::optional<fm::Configuration> Reference;
    if (Model->Native.Applied) {
      if (auto R = FM->parseConfig(Model->Native.Config))
        Reference = std::move(*R);
      else
        reportWarning("MODEL.json's native reference configuration '" +
                      Model->Native.Config + "' is not a configuration of " +
                      FeatureModelPath + ": " + llvm::toString(R.takeError()));
    }

    PlanRequest Request;
    Request.ExtraConfigs = ExtraConfigs;
    Request.WithBaseline = !NoBaseline;
    if (!NoBaseline)
      Request.LevelReference = Reference;
    if (Parsed) {
      Request.Sample = *Parsed;
    } else if (ExtraConfigs.empty()) {
      fm::SampleOptions S;
      S.Seed = Seed;
      S.Strategy = FM->count() <= AllConfigurationsLimit
                       ? fm::SampleStrategy::All
                       : fm::SampleStrategy::PairWise;
      Request.Sample = S;
    }
    auto Plan = planValidation(*FM, Request);
    if (!Plan) {
      reportError(Plan.takeError());
      return ExitFailure;
    }
    Options.TimeoutSeconds = Timeout;
    auto Cpu = resolveMeasureCpu(CpuSpec);
    if (!Cpu) {
      reportError(Cpu.takeError());
      return ExitUsage;
    }
    Options.MeasureCpu = *Cpu;
    Options.CpuTime =
        (TimeBaseName.empty() ? Model->TimeBase : TimeBaseName) == "cpu";
    if (!TimeBaseName.empty() && TimeBaseName != Model->TimeBase)
      reportWarning("--time " + TimeBaseName + ": the model's times are " +
                    Model->TimeBase +
                    " times (MODEL.json time_base): the "
                    "errors compare different things");

    Predictor Predict =
        [&](const fm::Configuration &C) -> llvm::Expected<double> {
      return Model->predict(model::FeatureValues::of(*FM, C));
    };
    auto Result = validate(*Plan, Options, Predict, llvm::errs());
    if (!Result) {
      reportError(Result.takeError());
      return ExitFailure;
    }

    bool AllSame = sameBinaries(*Plan, *Result);

    ReportContext Context;
    Context.ModelPath = ModelPath;
    Context.FeatureModelPath = FeatureModelPath;
    Context.Options = Options;
    for (const model::Term &T : Model->Terms)
      Context.Terms.push_back({T.name(), T.Seconds});
    if (!Model->Runs.empty())
      Context.SimulatorRuns = static_cast<unsigned>(Model->Runs.size());
    if (Reference)
      Context.Level = sessionLevel(*Plan, *Result, *Reference);

    printTable(*Plan, *Result, Context, llvm::outs());
    llvm::outs().flush();
    if (llvm::Error E =
            writeReport(*Plan, *Result, Context, Options.ReportDir)) {
      reportError(std::move(E));
      return ExitFailure;
    }
    llvm::errs() << llvm::format("validate: done in %.1f s; ",
                                 Result->ElapsedSeconds)
                 << "report: " << Options.ReportDir << "/index.html (also "
                 << "results.csv, summary.csv)\n";
    return Result->anyFailure() || AllSame ? ExitFailure : ExitSuccess;
  }

private:
  /// A hash of the executables that a variant's build left in its {dir}
  /// (CMakeFiles/ left out: CMake's compiler probes are the same for every
  /// variant); std::nullopt if there are none.
  static std::optional<uint64_t> executablesHash(llvm::StringRef Dir) {
    std::map<std::string, uint64_t> Files;
    std::error_code EC;
    for (llvm::sys::fs::recursive_directory_iterator It(Dir, EC), End;
         It != End && !EC; It.increment(EC)) {
      if (llvm::sys::path::filename(It->path()) == "CMakeFiles") {
        It.no_push();
        continue;
      }
      auto St = It->status();
      if (!St || St->type() != llvm::sys::fs::file_type::regular_file ||
          !(St->permissions() & llvm::sys::fs::owner_exe))
        continue;
      auto Buf = llvm::MemoryBuffer::getFile(It->path());
      if (Buf)
        Files[It->path().substr(Dir.size())] =
            llvm::xxh3_64bits((*Buf)->getBuffer());
    }
    if (Files.empty())
      return std::nullopt;
    uint64_t H = 0;
    for (const auto &[Name, Hash] : Files)
      H = llvm::xxh3_64bits(Name) ^
          (Hash + 0x9e3779b97f4a7c15ULL + (H << 6) + (H >> 2));
    return H;
  }

  /// The features whose value differs between the configurations of
  /// Group (a boolean feature absent from a configuration is off).
  static std::vector<std::string>
  featuresThatDiffer(const ValidationPlan &Plan,
                     const std::vector<size_t> &Group) {
    std::vector<std::map<std::string, std::string>> Values;
    std::set<std::string> Names;
    for (size_t I : Group) {
      auto &V = Values.emplace_back();
      llvm::SmallVector<llvm::StringRef> Parts;
      llvm::StringRef(Plan.Variants[I].Config).split(Parts, ',', -1, false);
      for (llvm::StringRef Part : Parts) {
        auto [Name, Value] = Part.trim().split('=');
        V[Name.str()] = Value.empty() ? "1" : Value.str();
        Names.insert(Name.str());
      }
    }
    std::vector<std::string> Out;
    for (const std::string &Name : Names) {
      auto ValueIn = [&](const std::map<std::string, std::string> &V) {
        auto It = V.find(Name);
        return It == V.end() ? std::string("0") : It->second;
      };
      if (llvm::any_of(Values, [&](const auto &V) {
            return ValueIn(V) != ValueIn(Values.front());
          }))
        Out.push_back(Name);
    }
    return Out;
  }

  /// Variants of different configurations built into the same binaries
  /// measure one program several times. When every variant is the same,
  /// the {defines} of --build do not reach the compiler (C flags on a C++
  /// project, a build that ignores them): an error (true). Otherwise the
  /// options in which a group differs change nothing in the executable
  /// (RapidJSON's RAPIDJSON_HAS_STDSTRING in a workload that never uses a
  /// std::string API), or their defines do not reach it: a warning per
  /// group that names them.
  static bool sameBinaries(const ValidationPlan &Plan,
                           const ValidationResult &Result) {
    std::map<uint64_t, std::vector<size_t>> ByHash;
    size_t Hashed = 0;
    for (size_t I = 0; I < Result.Variants.size(); ++I)
      if (Result.Variants[I].Built)
        if (auto H = executablesHash(Result.Variants[I].Dir)) {
          ByHash[*H].push_back(I);
          ++Hashed;
        }
    bool AllSame = Hashed >= 2 && ByHash.size() == 1;
    for (const auto &[Hash, Group] : ByHash) {
      if (Group.size() < 2)
        continue;
      auto Name = [&](size_t I) {
        const std::string &C = Plan.Variants[I].Config;
        return "'" + (C.empty() ? std::string("(no optional feature)") : C) +
               "'";
      };
      std::string Msg =
          "variants " + Name(Group[0]) + " and " + Name(Group[1]) +
          (Group.size() > 2
               ? " (and " + std::to_string(Group.size() - 2) + " more)"
               : std::string()) +
          " built the same executables in {dir}: ";
      if (AllSame) {
        reportError(makeError(
            Msg + "the {defines} of --build do not reach the compiler, so "
                  "their measurements say nothing about the features "
                  "(for C and C++ together pass {defines} to both, "
                  "e.g. -DCMAKE_C_FLAGS='{defines}' "
                  "-DCMAKE_CXX_FLAGS='{defines}'; docs/validation.md)"));
        continue;
      }
      std::vector<std::string> Differ = featuresThatDiffer(Plan, Group);
      reportWarning(Msg + "they differ in " + llvm::join(Differ, ", ") +
                    ", which change nothing in the executable here (code the "
                    "program does not use, or defines that do not reach the "
                    "compiler), so their measurements differ by noise only");
    }
    return AllSame;
  }

  std::string ModelPath, FeatureModelPath, Sample;
  std::string ExitCodeSpec = "0";
  std::vector<std::string> ExtraConfigs;
  uint64_t Seed = 1;
  std::optional<double> Timeout;
  bool NoBaseline = false;
  std::string TimeBaseName; ///< --time; empty: the model's.
  std::string CpuSpec;      ///< --cpu.
  ValidationOptions Options;
};

} // namespace

std::unique_ptr<Command> makeValidateCommand() {
  return std::make_unique<ValidateCommand>();
}

} // namespace varsim::driver
