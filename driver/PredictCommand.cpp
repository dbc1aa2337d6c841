//===- driver/PredictCommand.cpp - varsim predict -------------------------===//
//
// Predicts the time of configurations from a MODEL.json: the sum of the
// terms whose literals hold. One line per configuration, `CONFIG,SECONDS`
// (the CONFIG quoted when it has a comma), the seconds always last.
//
//===----------------------------------------------------------------------===//

#include "driver/Command.h"

#include "feature_models/FeatureModel.h"
#include "model/FeatureValues.h"
#include "model/ModelFile.h"
#include "support/Diagnostic.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace varsim::driver {
namespace {

using namespace varsim::model;

class PredictCommand : public Command {
public:
  void addOptions(CLI::App &Sub) override {
    Sub.description(
        "Predict the time of configurations from a model written by "
        "'varsim model': the sum of the terms whose features hold. Prints "
        "one line per configuration, CONFIG,SECONDS (CSV; the predicted "
        "seconds are the last field). An invalid configuration is refused "
        "with the constraint it violates.");
    Sub.add_option("MODEL", ModelPath, "MODEL.json")->required();
    auto *Config = Sub.add_option("--config", Configs,
                                  "A configuration (repeatable); \"\" "
                                  "selects no optional feature");
    Config->type_name("CONFIG")->allow_extra_args(false);
    auto *All = Sub.add_flag("--all", All_,
                             "Every valid configuration of the feature model");
    auto *Best =
        Sub.add_flag("--best", Best_, "The fastest valid configuration");
    Config->excludes(All)->excludes(Best);
    All->excludes(Best);
    Sub.add_option("-f,--feature-model", FeatureModelPath,
                   "Feature model (default: the one the model was built "
                   "with, if any)")
        ->type_name("FILE");
    Sub.footer("Examples:\n"
               "  varsim predict model.json --config LOGGING,COLORSCAN\n"
               "  varsim predict model.json --config '' --config LOGGING\n"
               "  varsim predict model.json --all -f model.xml > all.csv\n"
               "  varsim predict model.json --best\n"
               "See docs/model-format.md.");
  }

  int run() override {
    if (Configs.empty() && !All_ && !Best_) {
      llvm::errs() << "varsim: error: give --config CONFIG, --all or --best\n"
                   << "varsim: note: see 'varsim predict --help'\n";
      return ExitUsage;
    }
    llvm::Expected<PerformanceModel> M = loadModel(ModelPath);
    if (!M) {
      reportError(M.takeError());
      return ExitFailure;
    }
    std::optional<fm::FeatureModel> FM;
    if (llvm::Error E = loadFeatureModel(*M, FM)) {
      reportError(std::move(E));
      return ExitFailure;
    }

    if (!Configs.empty()) {
      for (const std::string &C : Configs) {
        std::optional<FeatureValues> Values;
        if (FM) {
          llvm::Expected<fm::Configuration> Parsed = FM->parseConfig(C);
          llvm::Error E = Parsed ? FM->check(*Parsed) : Parsed.takeError();
          if (E) {
            reportError(makeError("configuration '" + C + "' is invalid: " +
                                  errorToString(std::move(E))));
            return ExitFailure;
          }
          Values = FeatureValues::of(*FM, *Parsed);
        } else {
          llvm::Expected<FeatureValues> Parsed =
              FeatureValues::parse(C, M->Features);
          if (!Parsed) {
            reportError(Parsed.takeError());
            return ExitFailure;
          }
          Values = std::move(*Parsed);
        }
        printLine(C, M->predict(*Values));
      }
      return ExitSuccess;
    }

    if (!FM) {
      // No feature model: every combination of the model's features.
      std::vector<std::string> Names;
      for (const ModelFeature &F : M->Features) {
        if (F.Numeric) {
          reportError(makeError("--all and --best need a feature model (-f) "
                                "for the values of numeric feature '" +
                                F.Name + "'"));
          return ExitFailure;
        }
        Names.push_back(F.Name);
      }
      FM.emplace(fm::FeatureModel::inferFromMacros(Names));
    }
    double BestSeconds = std::numeric_limits<double>::infinity();
    std::string BestConfig;
    bool Any = false;
    FM->forEachValid([&](const fm::Configuration &C) {
      double Seconds = M->predict(FeatureValues::of(*FM, C));
      Any = true;
      if (All_)
        printLine(FM->format(C), Seconds);
      else if (Seconds < BestSeconds) {
        BestSeconds = Seconds;
        BestConfig = FM->format(C);
      }
      return true;
    });
    if (!Any) {
      reportError(makeError(FM->path(), 0, 0,
                            "the feature model has no valid configuration"));
      return ExitFailure;
    }
    if (Best_)
      printLine(BestConfig, BestSeconds);
    return ExitSuccess;
  }

private:
  std::string ModelPath, FeatureModelPath;
  std::vector<std::string> Configs;
  bool All_ = false, Best_ = false;

  llvm::Error loadFeatureModel(const PerformanceModel &M,
                               std::optional<fm::FeatureModel> &FM) {
    std::string Path = FeatureModelPath;
    if (Path.empty())
      Path = M.FeatureModelPath;
    if (Path.empty())
      return llvm::Error::success();
    llvm::Expected<fm::FeatureModel> Loaded = fm::loadFeatureModel(Path);
    if (!Loaded)
      return Loaded.takeError();
    FM.emplace(std::move(*Loaded));
    return llvm::Error::success();
  }

  static void printLine(llvm::StringRef Config, double Seconds) {
    std::string Field = Config.str();
    if (Config.contains(',') || Config.contains('"')) {
      Field = "\"";
      for (char C : Config) {
        if (C == '"')
          Field += '"';
        Field += C;
      }
      Field += '"';
    }
    llvm::outs() << Field << ',' << fmt::format("{:.6f}", Seconds) << '\n';
  }
};

} // namespace

std::unique_ptr<Command> makePredictCommand() {
  return std::make_unique<PredictCommand>();
}

} // namespace varsim::driver
