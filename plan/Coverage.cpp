//===- plan/Coverage.cpp - Which runs observe each fact -------------------===//

#include "plan/Coverage.h"

#include "condition/Condition.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"

namespace varsim::plan {

namespace {

std::optional<fm::FeatureId> lookup(const fm::FeatureModel &Model,
                                    llvm::StringRef Name) {
  if (auto Id = Model.findByName(Name))
    return Id;
  return Model.findByMacro(Name);
}

int64_t valueIn(const fm::FeatureModel &Model, const fm::Configuration &C,
                fm::FeatureId F) {
  if (Model.feature(F).Kind == fm::FeatureKind::Boolean)
    return C.Selected[F] ? 1 : 0;
  return F < C.Values.size() ? C.Values[F] : 0;
}

/// Whether Cond can hold with W = V in a valid configuration: the boolean
/// variables of Cond other than W are enumerated (up to 12; beyond, or
/// with numeric ones other than W, it is assumed possible).
bool possible(const fm::FeatureModel &Model, const condition::Cond &Cond,
              fm::FeatureId W, int64_t V) {
  bool WBoolean = Model.feature(W).Kind == fm::FeatureKind::Boolean;
  std::vector<std::string> Names = condition::namesOf(Cond);
  std::vector<fm::FeatureId> Vars;
  for (const std::string &N : Names) {
    std::optional<fm::FeatureId> Id = lookup(Model, N);
    if (Id && *Id == W)
      continue;
    if (!Id || Model.feature(*Id).Kind != fm::FeatureKind::Boolean)
      return true;
    Vars.push_back(*Id);
  }
  if (Vars.size() > 12)
    return true;
  for (uint32_t Mask = 0; Mask < (1u << Vars.size()); ++Mask) {
    auto ValueOf = [&](llvm::StringRef N) -> int64_t {
      std::optional<fm::FeatureId> Id = lookup(Model, N);
      if (*Id == W)
        return V;
      for (size_t K = 0; K < Vars.size(); ++K)
        if (Vars[K] == *Id)
          return (Mask >> K) & 1;
      return 0;
    };
    if (condition::evaluatePresence(Cond, ValueOf) == 0)
      continue;
    std::vector<fm::Literal> Literals;
    for (size_t K = 0; K < Vars.size(); ++K)
      Literals.push_back({Vars[K], ((Mask >> K) & 1) == 0});
    if (WBoolean)
      Literals.push_back({W, V == 0});
    if (Model.isSatisfiable(Literals))
      return true;
  }
  return false;
}

} // namespace

llvm::Expected<std::vector<FactCoverage>>
factCoverage(const fm::FeatureModel &Model,
             const std::vector<RegionToCover> &Regions, const Plan &P) {
  std::vector<FactCoverage> Out;
  for (const RegionToCover &R : Regions) {
    std::vector<std::string> Features = R.InfluencingFeatures;
    for (const std::string &F : R.TimedFeatures)
      if (!llvm::is_contained(Features, F))
        Features.push_back(F);
    if (Features.empty())
      continue;
    auto Cond = condition::parsePresence(R.Condition);
    if (!Cond)
      return makeError("region " + llvm::Twine(R.Id) + ": condition '" +
                       R.Condition + "': " + toString(Cond.takeError()));
    for (const std::string &Name : Features) {
      std::optional<fm::FeatureId> W = lookup(Model, Name);
      if (!W)
        return makeError("region " + llvm::Twine(R.Id) + ": unknown feature '" +
                         Name + "'");
      FactCoverage F;
      F.Region = R.Id;
      F.Label = R.Label;
      F.Feature = Model.feature(*W).Name;
      std::vector<int64_t> Domain;
      if (Model.feature(*W).Kind == fm::FeatureKind::Boolean)
        Domain = {1, 0};
      else if (!Model.feature(*W).Values.empty())
        Domain = Model.feature(*W).Values;
      else
        Domain = {Model.feature(*W).DefaultValue};
      for (int64_t V : Domain)
        F.RunsByValue[V];
      for (unsigned K = 0; K < P.Runs.size(); ++K) {
        const fm::Configuration &C = P.Runs[K].Config;
        bool Runs = condition::evaluatePresence(
                        **Cond, [&](llvm::StringRef N) -> int64_t {
                          std::optional<fm::FeatureId> Id = lookup(Model, N);
                          return Id ? valueIn(Model, C, *Id) : 0;
                        }) != 0;
        if (Runs)
          F.RunsByValue[valueIn(Model, C, *W)].push_back(K);
      }
      // A value no run observes: can R run with it at all?
      for (int64_t V : Domain) {
        if (!F.RunsByValue[V].empty())
          continue;
        (possible(Model, **Cond, *W, V) ? F.Missing : F.Impossible)
            .push_back(V);
      }
      Out.push_back(std::move(F));
    }
  }
  return Out;
}

llvm::Expected<std::vector<ConditionCoverage>>
conditionCoverage(const fm::FeatureModel &Model,
                  const std::vector<RegionToCover> &Regions, const Plan &P) {
  std::vector<ConditionCoverage> Out;
  std::map<std::string, size_t> Index;
  for (const RegionToCover &R : Regions) {
    if (R.Condition == "1")
      continue;
    std::string Code =
        (R.IsVariant ? "variant" : "region " + std::to_string(R.Id)) +
        (R.Label.empty() ? std::string() : " " + R.Label);
    auto [It, New] = Index.try_emplace(R.Condition, Out.size());
    if (!New) {
      Out[It->second].Code.push_back(std::move(Code));
      continue;
    }
    auto Cond = condition::parsePresence(R.Condition);
    if (!Cond)
      return makeError("region " + llvm::Twine(R.Id) + ": condition '" +
                       R.Condition + "': " + toString(Cond.takeError()));
    ConditionCoverage C;
    C.Condition = R.Condition;
    C.Code.push_back(std::move(Code));
    for (unsigned K = 0; K < P.Runs.size(); ++K) {
      const fm::Configuration &Config = P.Runs[K].Config;
      if (condition::evaluatePresence(
              **Cond, [&](llvm::StringRef N) -> int64_t {
                std::optional<fm::FeatureId> Id = lookup(Model, N);
                return Id ? valueIn(Model, Config, *Id) : 0;
              }) != 0)
        C.Runs.push_back(K);
    }
    // Not run: is there a valid configuration that would run it? The
    // planner noted dead code; say so rather than "NOT RUN".
    if (C.Runs.empty()) {
      std::vector<std::string> Names = condition::namesOf(**Cond);
      std::optional<fm::FeatureId> W =
          Names.empty() ? std::nullopt : lookup(Model, Names.front());
      bool Live = true;
      if (!W)
        Live = condition::evaluatePresence(
            **Cond, [](llvm::StringRef) -> int64_t { return 0; });
      else if (Model.feature(*W).Kind == fm::FeatureKind::Boolean)
        Live = possible(Model, **Cond, *W, 0) || possible(Model, **Cond, *W, 1);
      C.Dead = !Live;
    }
    Out.push_back(std::move(C));
  }
  return Out;
}

void printConditionCoverage(const std::vector<ConditionCoverage> &Conditions,
                            llvm::raw_ostream &OS) {
  if (Conditions.empty())
    return;
  OS << "runs that execute each presence condition (every region and "
        "variant runs in some planned run):\n";
  constexpr size_t MaxNamed = 3;
  for (const ConditionCoverage &C : Conditions) {
    OS << "  [" << C.Condition << "] ";
    for (size_t K = 0; K < C.Code.size() && K < MaxNamed; ++K)
      OS << (K ? ", " : "") << C.Code[K];
    if (C.Code.size() > MaxNamed)
      OS << " and " << C.Code.size() - MaxNamed << " more";
    OS << ":";
    if (C.Runs.empty())
      OS << (C.Dead ? " dead (no valid configuration)" : " NOT RUN");
    else
      OS << " run" << (C.Runs.size() > 1 ? "s " : " ");
    for (size_t K = 0; K < C.Runs.size(); ++K)
      OS << (K ? ", " : "") << C.Runs[K] + 1;
    OS << "\n";
  }
}

void printFactCoverage(const std::vector<FactCoverage> &Facts,
                       const fm::FeatureModel &Model, llvm::raw_ostream &OS) {
  (void)Model;
  if (Facts.empty())
    return;
  OS << "runs that observe each fact (the region runs with the feature on "
        "and off):\n";
  for (const FactCoverage &F : Facts) {
    OS << "  region " << F.Region << (F.Label.empty() ? "" : " " + F.Label)
       << " / " << F.Feature << ":";
    bool First = true;
    for (const auto &[Value, Runs] : F.RunsByValue) {
      if (Runs.empty())
        continue;
      OS << (First ? " " : "; ") << F.Feature << "=" << Value << " run"
         << (Runs.size() > 1 ? "s " : " ");
      for (size_t K = 0; K < Runs.size(); ++K)
        OS << (K ? ", " : "") << Runs[K] + 1;
      First = false;
    }
    for (int64_t V : F.Missing)
      OS << "; " << F.Feature << "=" << V << " NOT OBSERVED";
    for (int64_t V : F.Impossible)
      OS << "; " << F.Feature << "=" << V
         << " impossible (the region's condition and the feature model)";
    OS << "\n";
  }
}

} // namespace varsim::plan
