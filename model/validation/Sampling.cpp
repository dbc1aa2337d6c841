//===- model/validation/Sampling.cpp - Which variants to validate ---------===//

#include "model/validation/Sampling.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>

namespace varsim::validation {

llvm::Expected<fm::SampleOptions> parseSampleStrategy(llvm::StringRef Text,
                                                      uint64_t Seed) {
  fm::SampleOptions O;
  O.Seed = Seed;
  llvm::StringRef Name = Text.trim();
  if (Name == "all") {
    O.Strategy = fm::SampleStrategy::All;
  } else if (Name == "featurewise" || Name == "feature-wise") {
    O.Strategy = fm::SampleStrategy::FeatureWise;
  } else if (Name == "pairwise" || Name == "pair-wise") {
    O.Strategy = fm::SampleStrategy::PairWise;
  } else if (Name.consume_front("random:")) {
    unsigned N = 0;
    if (Name.getAsInteger(10, N) || N == 0)
      return makeError("invalid sample size '" + Name +
                       "' in --sample: expected random:N with N > 0");
    O.Strategy = fm::SampleStrategy::Random;
    O.Count = N;
  } else {
    return makeError("unknown sampling strategy '" + Text +
                     "': expected all, featurewise, pairwise or random:N");
  }
  return O;
}

std::string definesFor(const fm::FeatureModel &M, const fm::Configuration &C) {
  return llvm::join(M.compilerDefines(C), " ");
}

namespace {

class PlanBuilder {
public:
  explicit PlanBuilder(const fm::FeatureModel &M) : M(M) {
    std::vector<fm::FeatureId> Fixed = M.coreFeatures();
    for (fm::FeatureId D : M.deadFeatures())
      Fixed.push_back(D);
    for (fm::FeatureId Id : M.concreteFeatures())
      if (std::find(Fixed.begin(), Fixed.end(), Id) == Fixed.end() ||
          M.feature(Id).Kind == fm::FeatureKind::Numeric) {
        Columns.push_back(Id);
        Plan.FeatureNames.push_back(M.feature(Id).Name);
      }
  }

  /// Adds a configuration (or marks the existing one) with a role.
  void add(const fm::Configuration &C, bool InSample, bool Training) {
    std::string Config = M.format(C);
    if (VariantSpec *S = find(Config)) {
      S->InSample |= InSample;
      S->BaselineTraining |= Training;
      return;
    }
    VariantSpec S;
    S.Config = Config;
    S.Configuration = C;
    S.Defines = definesFor(M, C);
    for (fm::FeatureId Id : Columns) {
      bool On = Id < C.Selected.size() && C.Selected[Id];
      double V = 0;
      if (On)
        V = M.feature(Id).Kind == fm::FeatureKind::Numeric &&
                    Id < C.Values.size()
                ? static_cast<double>(C.Values[Id])
                : 1.0;
      S.Features.push_back(V);
    }
    if (llvm::Error E = M.check(C))
      S.Invalid = "invalid configuration: " + errorToString(std::move(E));
    S.InSample = InSample;
    S.BaselineTraining = Training && S.Invalid.empty();
    Index[Config] = Plan.Variants.size();
    Plan.Variants.push_back(std::move(S));
  }

  /// A configuration given by name: kept even when it does not parse.
  void addNamed(llvm::StringRef Config) {
    llvm::Expected<fm::Configuration> C = M.parseConfig(Config);
    if (C) {
      add(*C, /*InSample=*/true, /*Training=*/false);
      return;
    }
    if (VariantSpec *S = find(Config)) {
      S->InSample = true;
      return;
    }
    VariantSpec S;
    S.Config = Config.str();
    S.Invalid = "invalid configuration: " + errorToString(C.takeError());
    S.Features.assign(Columns.size(), 0.0);
    Index[S.Config] = Plan.Variants.size();
    Plan.Variants.push_back(std::move(S));
  }

  /// The model's native reference: measured, in no sample.
  void addLevelReference(const fm::Configuration &C) {
    add(C, /*InSample=*/false, /*Training=*/false);
    if (VariantSpec *S = find(M.format(C)))
      S->LevelReference = S->Invalid.empty();
  }
  ValidationPlan take() { return std::move(Plan); }
  ValidationPlan &plan() { return Plan; }

private:
  const fm::FeatureModel &M;
  std::vector<fm::FeatureId> Columns;
  ValidationPlan Plan;
  llvm::StringMap<size_t> Index;

  VariantSpec *find(llvm::StringRef Config) {
    auto It = Index.find(Config);
    return It == Index.end() ? nullptr : &Plan.Variants[It->second];
  }
};

const char *strategyName(fm::SampleStrategy S) {
  switch (S) {
  case fm::SampleStrategy::All:
    return "all";
  case fm::SampleStrategy::FeatureWise:
    return "featurewise";
  case fm::SampleStrategy::NegativeFeatureWise:
    return "negative featurewise";
  case fm::SampleStrategy::PairWise:
    return "pairwise";
  case fm::SampleStrategy::Random:
    return "random";
  }
  return "?";
}

/// At most this many values of each numeric feature go into the
/// baseline's training sample (spread from the smallest to the largest).
constexpr size_t MaxNumericValues = 5;

/// For each numeric feature: the default configuration with the feature at
/// each of (up to MaxNumericValues of) its values, 0 included.
void addNumericValues(const fm::FeatureModel &M, PlanBuilder &B) {
  std::optional<fm::Configuration> Base = M.defaultConfiguration();
  if (!Base)
    return;
  for (fm::FeatureId Id : M.concreteFeatures()) {
    const fm::Feature &F = M.feature(Id);
    if (F.Kind != fm::FeatureKind::Numeric || F.Values.size() < 2 ||
        Id >= Base->Values.size())
      continue;
    size_t N = std::min(F.Values.size(), MaxNumericValues);
    for (size_t K = 0; K < N; ++K) {
      // Evenly spread indices, the first and the last value included.
      size_t At = N == 1 ? 0 : K * (F.Values.size() - 1) / (N - 1);
      fm::Configuration C = *Base;
      C.Values[Id] = F.Values[At];
      if (llvm::Error E = M.check(C)) {
        llvm::consumeError(std::move(E));
        continue;
      }
      B.add(C, /*InSample=*/false, /*Training=*/true);
    }
  }
}

} // namespace

llvm::Expected<ValidationPlan> planValidation(const fm::FeatureModel &M,
                                              const PlanRequest &Request) {
  PlanBuilder B(M);
  size_t Sampled = 0;
  std::string Description;
  if (Request.Sample) {
    auto Configs = M.sample(*Request.Sample);
    if (!Configs)
      return Configs.takeError();
    for (const fm::Configuration &C : *Configs)
      B.add(C, /*InSample=*/true, /*Training=*/false);
    Sampled = Configs->size();
    Description = strategyName(Request.Sample->Strategy);
    if (Request.Sample->Strategy == fm::SampleStrategy::Random)
      Description += ":" + std::to_string(Request.Sample->Count) + " (seed " +
                     std::to_string(Request.Sample->Seed) + ")";
    Description += ", " + std::to_string(Sampled) + " configuration(s)";
  }
  for (const std::string &C : Request.ExtraConfigs)
    B.addNamed(C);
  if (!Request.ExtraConfigs.empty())
    Description += (Description.empty() ? "" : " + ") +
                   std::to_string(Request.ExtraConfigs.size()) +
                   " named configuration(s)";
  if (Request.WithBaseline) {
    size_t Before = B.plan().Variants.size();
    for (fm::SampleStrategy S :
         {fm::SampleStrategy::FeatureWise, fm::SampleStrategy::PairWise}) {
      fm::SampleOptions O;
      O.Strategy = S;
      auto Configs = M.sample(O);
      if (!Configs)
        return Configs.takeError();
      for (const fm::Configuration &C : *Configs)
        B.add(C, /*InSample=*/false, /*Training=*/true);
    }
    // The feature-wise and pair-wise samples leave numeric features at one
    // value; a black box that never saw another value cannot fit them.
    addNumericValues(M, B);
    Description += "; baseline training: featurewise + pairwise + numeric "
                   "values (" +
                   std::to_string(B.plan().Variants.size() - Before) +
                   " extra variant(s))";
  }
  if (Request.LevelReference) {
    size_t Before = B.plan().Variants.size();
    B.addLevelReference(*Request.LevelReference);
    if (B.plan().Variants.size() > Before)
      Description += "; the model's native reference (for its level)";
  }
  ValidationPlan P = B.take();
  P.SampleDescription = Description;
  return P;
}

} // namespace varsim::validation
