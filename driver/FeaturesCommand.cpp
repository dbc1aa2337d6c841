//===- driver/FeaturesCommand.cpp - varsim features -----------------------===//
//
// Inspects a feature model: a summary, the number of valid configurations,
// all of them, a validity check with the reason, the -D flags of a
// configuration, samples, and conversion to FeatureIDE XML.
//
//===----------------------------------------------------------------------===//

#include "driver/Command.h"

#include "feature_models/FeatureModel.h"
#include "feature_models/Validity.h"
#include "support/Diagnostic.h"
#include "support/Output.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace varsim::driver {
namespace {

using namespace varsim::fm;

/// --list refuses to print more lines than this.
constexpr double MaxListed = 1e6;

class FeaturesCommand : public Command {
public:
  void addOptions(CLI::App &Sub) override {
    Sub.description(
        "Inspect a feature model (FeatureIDE model.xml or SPL Conqueror / "
        "VaRA <vm> XML). Without an option, prints a summary: the feature "
        "tree, groups, constraints, the number of valid configurations, "
        "core and dead features, mutually exclusive features. A CONFIG is "
        "a comma-separated list of selected concrete features, numeric "
        "ones as NAME=VALUE; mandatory and abstract features are implied.");
    // Checked in run(), so that an unknown option is reported first.
    Sub.add_option("FILE", Path, "The feature model (required)");
    auto *Count = Sub.add_flag("--count", CountOnly,
                               "Print the number of valid configurations");
    auto *List = Sub.add_flag("--list", ListAll,
                              "Print every valid configuration, one CONFIG "
                              "per line");
    CheckOpt = Sub.add_option("--check", CheckConfig,
                              "Exit 0 if CONFIG is valid, else 1 with the "
                              "violated constraint");
    CheckOpt->type_name("CONFIG");
    // Repeatable: the test harnesses build every valid configuration and
    // ask for all their flags in one process instead of one per CONFIG.
    DefinesOpt = Sub.add_option("--defines", DefinesConfigs,
                                "Print the compiler flags (-DMACRO=VALUE) of "
                                "CONFIG on one line; repeated, one line per "
                                "CONFIG in order");
    DefinesOpt->type_name("CONFIG")->allow_extra_args(false);
    SampleOpt = Sub.add_option(
        "--sample", Sample,
        "Print a sample of valid configurations: all, featurewise, "
        "negfeaturewise, pairwise, twise:T (T = 1, 2), random:N");
    SampleOpt->type_name("STRATEGY");
    Sub.add_option("--seed", Seed, "Seed of random:N")->default_val(1);
    ConvertOpt = Sub.add_option("--to-featureide", ConvertPath,
                                "Write the model as FeatureIDE XML to OUT");
    ConvertOpt->type_name("OUT");
    std::vector<CLI::Option *> Modes = {Count,      List,      CheckOpt,
                                        DefinesOpt, SampleOpt, ConvertOpt};
    for (CLI::Option *A : Modes)
      for (CLI::Option *B : Modes)
        if (A != B)
          A->excludes(B);
    Sub.footer("Output: --count a number, --list and --sample one CONFIG per "
               "line (an empty line\n"
               "selects no optional feature), --defines one line of -D "
               "flags (one line per --defines), on stdout.\n"
               "Exit code: 0; 1 for a bad model file (file:line:col: error: "
               "...) or, with --check,\n"
               "an invalid CONFIG (naming the violated constraint, an unknown, "
               "abstract or\n"
               "repeated feature); 2 usage error.\n"
               "\n"
               "Examples:\n"
               "  varsim features model.xml\n"
               "  varsim features model.xml --count\n"
               "  varsim features model.xml --check 'SIGN,ENCRYPT,LEVEL=2'\n"
               "  varsim features model.xml --list | wc -l   # = --count\n"
               "  varsim features model.xml --defines 'SIGN,LEVEL=2'\n"
               "  varsim features vm.xml --sample pairwise\n"
               "  varsim features vm.xml --sample random:20 --seed 7\n"
               "  varsim features vm.xml --to-featureide model.xml\n"
               "See docs/feature-models.md for the formats, macros and "
               "numeric features.");
  }

  int run() override {
    if (Path.empty()) {
      reportError(makeError("FILE is required (see 'varsim features "
                            "--help')"));
      return ExitUsage;
    }
    llvm::Expected<FeatureModel> M = loadFeatureModel(Path);
    if (!M) {
      reportError(M.takeError());
      return ExitFailure;
    }
    // Inspecting a contradictory model is what one does to fix it: a
    // warning here; the rewrite refuses such a model.
    if (llvm::Error E = requireValidConfiguration(*M))
      llvm::handleAllErrors(std::move(E), [](const LocatedError &L) {
        reportWarning(L.where(), L.text());
      });
    if (CountOnly) {
      llvm::outs() << formatCount(M->count()) << '\n';
      return ExitSuccess;
    }
    if (ListAll)
      return list(*M);
    if (CheckOpt->count())
      return check(*M);
    if (DefinesOpt->count())
      return defines(*M);
    if (SampleOpt->count())
      return sample(*M);
    if (ConvertOpt->count())
      return convert(*M);
    summary(*M);
    return ExitSuccess;
  }

private:
  int list(const FeatureModel &M) {
    double N = M.count();
    if (N > MaxListed) {
      reportError(makeError("the model has " + formatCount(N) +
                            " valid configurations; too many to list (try "
                            "--count or --sample)"));
      return ExitFailure;
    }
    M.forEachValid([&](const Configuration &C) {
      llvm::outs() << M.format(C) << '\n';
      return true;
    });
    return ExitSuccess;
  }

  /// Parses and checks a CONFIG; reports the reason if it is not valid.
  std::optional<Configuration> validConfig(const FeatureModel &M,
                                           const std::string &Config) {
    llvm::Expected<Configuration> C = M.parseConfig(Config);
    if (!C) {
      reportError(C.takeError());
      return std::nullopt;
    }
    if (llvm::Error E = M.check(*C)) {
      reportError(makeError("invalid configuration '" + Config +
                            "': " + errorMessage(std::move(E))));
      return std::nullopt;
    }
    return *C;
  }

  static std::string errorMessage(llvm::Error E) {
    std::string S;
    llvm::handleAllErrors(
        std::move(E), [&](const LocatedError &L) { S = L.text(); },
        [&](const llvm::ErrorInfoBase &I) { S = I.message(); });
    return S;
  }

  int check(const FeatureModel &M) {
    std::optional<Configuration> C = validConfig(M, CheckConfig);
    if (!C)
      return ExitFailure;
    llvm::outs() << "valid: " << M.format(*C) << '\n';
    return ExitSuccess;
  }

  int defines(const FeatureModel &M) {
    // Every CONFIG is checked before anything is printed, so that a bad
    // one leaves no partial output to be mistaken for the flags.
    std::vector<Configuration> Configs;
    for (const std::string &Text : DefinesConfigs) {
      std::optional<Configuration> C = validConfig(M, Text);
      if (!C)
        return ExitFailure;
      Configs.push_back(std::move(*C));
    }
    for (const Configuration &C : Configs)
      llvm::outs() << llvm::join(M.compilerDefines(C), " ") << '\n';
    return ExitSuccess;
  }

  int sample(const FeatureModel &M) {
    SampleOptions O;
    O.Seed = Seed;
    llvm::StringRef S = llvm::StringRef(Sample).trim();
    auto [Kind, Arg] = S.split(':');
    unsigned N = 0;
    bool NeedsArg = Kind == "random" || Kind == "twise";
    if (NeedsArg && (Arg.getAsInteger(10, N) || N == 0)) {
      reportError(makeError("--sample " + S + ": expected " + Kind +
                            ":N with a positive number N"));
      return ExitUsage;
    }
    if (Kind == "all" && Arg.empty())
      O.Strategy = SampleStrategy::All;
    else if (Kind == "featurewise" && Arg.empty())
      O.Strategy = SampleStrategy::FeatureWise;
    else if (Kind == "negfeaturewise" && Arg.empty())
      O.Strategy = SampleStrategy::NegativeFeatureWise;
    else if (Kind == "pairwise" && Arg.empty())
      O.Strategy = SampleStrategy::PairWise;
    else if (Kind == "twise") {
      O.Strategy = SampleStrategy::PairWise;
      O.T = N;
    } else if (Kind == "random") {
      O.Strategy = SampleStrategy::Random;
      O.Count = N;
    } else {
      reportError(makeError("unknown sampling strategy '" + S +
                            "' (expected all, featurewise, negfeaturewise, "
                            "pairwise, twise:T or random:N)"));
      return ExitUsage;
    }
    llvm::Expected<std::vector<Configuration>> Configs = M.sample(O);
    if (!Configs) {
      reportError(Configs.takeError());
      return ExitFailure;
    }
    for (const Configuration &C : *Configs)
      llvm::outs() << M.format(C) << '\n';
    return ExitSuccess;
  }

  int convert(const FeatureModel &M) {
    llvm::Error E =
        writeFileAtomically(ConvertPath, [&](llvm::raw_ostream &OS) {
          writeFeatureIDE(M, OS);
          return llvm::Error::success();
        });
    if (E) {
      reportError(std::move(E));
      return ExitFailure;
    }
    return ExitSuccess;
  }

  void printTree(const FeatureModel &M, FeatureId F, unsigned Depth) {
    const Feature &X = M.feature(F);
    llvm::raw_ostream &OS = llvm::outs();
    OS.indent(2 * Depth + 2) << X.Name;
    std::vector<std::string> Notes;
    if (X.Abstract)
      Notes.push_back("abstract");
    if (X.Mandatory && X.Parent)
      Notes.push_back("mandatory");
    if (X.Hidden)
      Notes.push_back("hidden");
    if (!X.Children.empty() && X.ChildGroup == GroupKind::Or)
      Notes.push_back("or-group");
    if (!X.Children.empty() && X.ChildGroup == GroupKind::Alternative)
      Notes.push_back("alternative group");
    if (!X.Abstract && X.Macro != X.Name)
      Notes.push_back("macro " + X.Macro);
    if (X.Kind == FeatureKind::Numeric) {
      std::string Values;
      for (size_t I = 0; I < X.Values.size(); ++I) {
        if (I == 6 && X.Values.size() > 8) {
          Values += ", ..., " + std::to_string(X.Values.back());
          break;
        }
        Values += (I ? ", " : "") + std::to_string(X.Values[I]);
      }
      Notes.push_back("numeric {" + Values + "}, default " +
                      std::to_string(X.DefaultValue));
    }
    if (!Notes.empty())
      OS << " (" << llvm::join(Notes, ", ") << ")";
    OS << '\n';
    for (FeatureId C : X.Children)
      printTree(M, C, Depth + 1);
  }

  void summary(const FeatureModel &M) {
    llvm::raw_ostream &OS = llvm::outs();
    const std::vector<Feature> &Fs = M.features();
    unsigned Abstract = 0, Numeric = 0, Or = 0, Alt = 0;
    for (const Feature &F : Fs) {
      Abstract += F.Abstract;
      Numeric += F.Kind == FeatureKind::Numeric;
      if (!F.Children.empty()) {
        Or += F.ChildGroup == GroupKind::Or;
        Alt += F.ChildGroup == GroupKind::Alternative;
      }
    }
    auto Names = [&](const std::vector<FeatureId> &Ids) {
      std::vector<std::string> R;
      for (FeatureId F : Ids)
        R.push_back(M.feature(F).Name);
      return R.empty() ? std::string("none") : llvm::join(R, ", ");
    };
    OS << "model: " << M.path() << '\n';
    OS << "features: " << Fs.size() << " (" << Fs.size() - Abstract
       << " concrete, " << Abstract << " abstract, " << Numeric
       << " numeric)\n";
    OS << "groups: " << Alt << " alternative, " << Or << " or\n";
    std::vector<std::string> Constraints = M.constraintTexts();
    OS << "constraints: " << Constraints.size() << '\n';
    for (const std::string &C : Constraints)
      OS << "  " << C << '\n';
    OS << "valid configurations: " << formatCount(M.count()) << '\n';
    OS << "core features: " << Names(M.coreFeatures()) << '\n';
    OS << "dead features: " << Names(M.deadFeatures()) << '\n';
    OS << "mutually exclusive:";
    std::vector<std::vector<FeatureId>> Groups = M.exclusiveGroups();
    if (Groups.empty())
      OS << " none";
    for (const auto &G : Groups)
      OS << " {" << Names(G) << "}";
    OS << "\ntree:\n";
    printTree(M, M.root(), 0);
  }

  std::string Path;
  bool CountOnly = false, ListAll = false;
  std::string CheckConfig, Sample, ConvertPath;
  std::vector<std::string> DefinesConfigs;
  uint64_t Seed = 1;
  CLI::Option *CheckOpt = nullptr, *DefinesOpt = nullptr, *SampleOpt = nullptr,
              *ConvertOpt = nullptr;
};

} // namespace

std::unique_ptr<Command> makeFeaturesCommand() {
  return std::make_unique<FeaturesCommand>();
}

} // namespace varsim::driver
