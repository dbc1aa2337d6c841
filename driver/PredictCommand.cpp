//===- driver/PredictCommand.cpp - varsim predict -------------------------===//
//
// Predicts the time of configurations from a MODEL.json: the sum of the
// terms whose literals hold. One line per configuration, the seconds always
// last: a table (`(none)` for the empty configuration), CSV
// (`CONFIG,SECONDS`, the CONFIG quoted when it has a comma) or JSON Lines.
// Every configuration is checked before anything is printed.
//
//===----------------------------------------------------------------------===//

#include "driver/Command.h"

#include "feature_models/FeatureModel.h"
#include "model/FeatureValues.h"
#include "model/ModelFile.h"
#include "support/Diagnostic.h"
#include "support/ErrorText.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <cmath>
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
        "one line per configuration, the predicted seconds last. A "
        "configuration that names an unknown or abstract feature, names a "
        "feature twice, or violates the feature model is refused (naming "
        "the feature or the constraint) and nothing is printed.");
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
    Sub.add_option("--format", Format,
                   "table: CONFIG and seconds in aligned columns, '(none)' "
                   "for the empty configuration; csv: CONFIG,SECONDS (CONFIG "
                   "quoted when it has a comma; the empty configuration is an "
                   "empty field); json: one {\"config\": ..., \"seconds\": "
                   "...} object per line")
        ->check(CLI::IsMember({"table", "csv", "json"}))
        ->default_val("table")
        ->type_name("FORMAT");
    Sub.footer(
        "Output (seconds always the last field of each line):\n"
        "  table   LOGGING,COLORSCAN  11.500000      (none)  5.000000\n"
        "  csv     \"LOGGING,COLORSCAN\",11.500000    ,5.000000\n"
        "  json    {\"config\": \"LOGGING,COLORSCAN\", \"seconds\": 11.5}\n"
        "\n"
        "Examples:\n"
        "  varsim predict model.json --config LOGGING,COLORSCAN\n"
        "  varsim predict model.json --config '' --config LOGGING\n"
        "  varsim predict model.json --all -f model.xml --format csv > "
        "all.csv\n"
        "  varsim predict model.json --best\n"
        "With a feature model (-f, or the one MODEL.json records), --all "
        "lists each valid\nconfiguration once, by its concrete features; "
        "without one, every combination of\nthe model's features. See "
        "docs/model-format.md.");
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
        Rows.push_back({C, M->predict(*Values)});
      }
      print();
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
        Rows.push_back({FM->format(C), Seconds});
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
      Rows.push_back({BestConfig, BestSeconds});
    print();
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
    if (!Loaded && FeatureModelPath.empty())
      return makeError(Path, 0, 0,
                       errorText(Loaded.takeError()) +
                           " (the feature model that " + ModelPath +
                           " names; give another with -f)");
    if (!Loaded)
      return Loaded.takeError();
    FM.emplace(std::move(*Loaded));
    return llvm::Error::success();
  }

  struct Row {
    std::string Config;
    double Seconds;
  };
  std::vector<Row> Rows;
  std::string Format = "table";

  static std::string csvField(llvm::StringRef Config) {
    if (!Config.contains(',') && !Config.contains('"'))
      return Config.str();
    std::string Field = "\"";
    for (char C : Config) {
      if (C == '"')
        Field += '"';
      Field += C;
    }
    return Field + '"';
  }

  void print() const {
    size_t Width = 0;
    for (const Row &R : Rows)
      Width = std::max(Width, R.Config.empty() ? 6 : R.Config.size());
    for (const Row &R : Rows) {
      if (Format == "csv")
        llvm::outs() << csvField(R.Config) << ','
                     << fmt::format("{:.6f}", R.Seconds);
      else if (Format == "json")
        llvm::outs() << fmt::format(
            "{{\"config\": {}, \"seconds\": {}}}",
            llvm::formatv("{0}", llvm::json::Value(R.Config)).str(),
            std::isfinite(R.Seconds) ? fmt::format("{:.9g}", R.Seconds)
                                     : std::string("null"));
      else
        llvm::outs() << fmt::format("{:<{}}  {:.6f}",
                                    R.Config.empty() ? "(none)" : R.Config,
                                    Width, R.Seconds);
      llvm::outs() << '\n';
    }
  }
};

} // namespace

std::unique_ptr<Command> makePredictCommand() {
  return std::make_unique<PredictCommand>();
}

} // namespace varsim::driver
