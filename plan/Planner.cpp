//===- plan/Planner.cpp - The run plan ------------------------------------===//
//
// Compression as in ConfigCrusher's Algorithm 1, generalised: requirements
// are partial configurations; each is merged into the first planned partial
// configuration it is compatible with (the BDD decides), hardest first, and
// opens a new one otherwise. Each partial configuration is then completed to
// a valid configuration that selects every optional feature it still can.
// Finally, runs whose requirements are all covered by other runs go. Where
// the feature model is small, an exact search (ExactCover.h) may find fewer.
//
//===----------------------------------------------------------------------===//

#include "plan/ExactCover.h"
#include "plan/Requirements.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <limits>

namespace varsim::plan {

namespace {

/// The valid configuration that has Partial and, in model order, every
/// optional concrete feature that can still be selected.
std::optional<fm::Configuration> complete(const fm::FeatureModel &Model,
                                          const Cube &Partial) {
  std::vector<fm::Literal> Literals = Partial.Literals;
  for (fm::FeatureId F : Model.concreteFeatures()) {
    if (Partial.mentions(F))
      continue;
    Literals.push_back({F, false});
    if (!Model.isSatisfiable(Literals))
      Literals.back().Negated = true;
  }
  std::optional<fm::Configuration> C = Model.findValid(Literals);
  if (!C)
    return std::nullopt;
  for (const auto &[F, V] : Partial.Values) {
    if (C->Values.size() <= F)
      C->Values.resize(Model.features().size(), 0);
    C->Values[F] = V;
  }
  return C;
}

/// The partial configuration that fixes every concrete feature as C does.
Cube cubeOf(const fm::FeatureModel &Model, const fm::Configuration &C) {
  Cube Out;
  for (fm::FeatureId F : Model.concreteFeatures()) {
    if (Model.feature(F).Kind == fm::FeatureKind::Boolean)
      Out.Literals.push_back({F, !C.Selected[F]});
    else if (F < C.Values.size())
      Out.Values.emplace_back(F, C.Values[F]);
  }
  return Out;
}

/// First fit in the order Order (indices into Specs), from Seed if given.
std::vector<Cube> firstFit(const fm::FeatureModel &Model,
                           const std::vector<RequirementSpec> &Specs,
                           const std::vector<size_t> &Order, const Cube *Seed,
                           size_t GiveUpAbove) {
  std::vector<Cube> Partials;
  if (Seed)
    Partials.push_back(*Seed);
  for (size_t Q : Order) {
    const RequirementSpec &R = Specs[Q];
    bool Placed = false;
    for (Cube &Partial : Partials) {
      for (const Cube &Alternative : R.Alternatives) {
        if (auto M = Partial.mergedWith(Alternative, Model)) {
          Partial = std::move(*M);
          Placed = true;
          break;
        }
      }
      if (Placed)
        break;
    }
    if (!Placed) {
      Partials.push_back(R.Alternatives.front());
      if (Partials.size() > GiveUpAbove)
        return Partials; // Already worse than the best so far.
    }
  }
  return Partials;
}

/// First fit, hardest first (Specs are sorted by rank), in the given order
/// and in a few deterministic shuffles of each rank's requirements; the
/// fewest partial configurations win, the given order on ties. Pairwise
/// requirements (a covering array) are where the order matters: in order,
/// first fit needs 8 runs where 4 suffice for three pairs of binary
/// features.
std::vector<Cube> bestFirstFit(const fm::FeatureModel &Model,
                               const std::vector<RequirementSpec> &Specs,
                               const Cube *Seed) {
  std::vector<size_t> Order(Specs.size());
  for (size_t K = 0; K < Order.size(); ++K)
    Order[K] = K;
  std::vector<Cube> Best =
      firstFit(Model, Specs, Order, Seed, std::numeric_limits<size_t>::max());
  constexpr unsigned Shuffles = 24;
  uint64_t State = 0x9e3779b97f4a7c15ULL;
  auto Next = [&State] {
    State = State * 6364136223846793005ULL + 1442695040888963407ULL;
    return State >> 33;
  };
  for (unsigned Try = 0; Try < Shuffles && Best.size() > 1; ++Try) {
    // Shuffle within each block of equal rank (Fisher-Yates).
    for (size_t Begin = 0; Begin < Order.size();) {
      size_t End = Begin;
      while (End < Order.size() &&
             Specs[Order[End]].Rank == Specs[Order[Begin]].Rank)
        ++End;
      for (size_t K = End - 1; End - Begin > 1 && K > Begin; --K)
        std::swap(Order[K], Order[Begin + Next() % (K - Begin + 1)]);
      Begin = End;
    }
    std::vector<Cube> Candidate =
        firstFit(Model, Specs, Order, Seed, Best.size() - 1);
    if (Candidate.size() < Best.size())
      Best = std::move(Candidate);
  }
  return Best;
}

/// The plan that runs Configs (the first stays first), without the runs
/// whose requirements of Specs the others all cover, with which runs cover
/// which requirement.
Plan planOf(const fm::FeatureModel &Model,
            const std::vector<fm::Configuration> &Configs,
            const std::vector<RequirementSpec> &Specs,
            const std::vector<std::string> &Notes) {
  Plan P;
  P.Notes = Notes;
  // Drop redundant runs, last first; the first run (the default) stays.
  std::vector<std::vector<bool>> Covered(Configs.size());
  for (size_t K = 0; K < Configs.size(); ++K)
    for (const RequirementSpec &R : Specs)
      Covered[K].push_back(covers(Configs[K], R));
  std::vector<bool> Keep(Configs.size(), true);
  for (size_t K = Configs.size(); K-- > 1;) {
    bool Redundant = true;
    for (size_t Q = 0; Q < Specs.size() && Redundant; ++Q) {
      if (!Covered[K][Q])
        continue;
      bool Elsewhere = false;
      for (size_t J = 0; J < Configs.size(); ++J)
        Elsewhere |= J != K && Keep[J] && Covered[J][Q];
      Redundant = Elsewhere;
    }
    if (Redundant)
      Keep[K] = false;
  }

  std::vector<size_t> RunOf(Configs.size(), 0);
  for (size_t K = 0; K < Configs.size(); ++K) {
    if (!Keep[K])
      continue;
    RunOf[K] = P.Runs.size();
    P.Runs.push_back({Configs[K], Model.format(Configs[K])});
  }
  for (size_t Q = 0; Q < Specs.size(); ++Q) {
    Requirement R{Specs[Q].What, {}};
    for (size_t K = 0; K < Configs.size(); ++K)
      if (Keep[K] && Covered[K][Q])
        R.CoveredBy.push_back(static_cast<unsigned>(RunOf[K]));
    if (R.CoveredBy.empty())
      P.Notes.push_back(R.What + ": not covered by any run");
    P.Requirements.push_back(std::move(R));
  }
  return P;
}

/// Compression of the requirements into runs; Seed, if given, is the first
/// partial configuration (the others merge into it where they can).
llvm::Expected<Plan> compress(const fm::FeatureModel &Model,
                              const std::vector<RequirementSpec> &Specs,
                              const std::vector<std::string> &Notes,
                              const Cube *Seed) {
  std::vector<Cube> Partials = bestFirstFit(Model, Specs, Seed);
  if (Partials.empty())
    Partials.emplace_back(); // Nothing to cover: still one run.

  std::vector<fm::Configuration> Configs;
  for (const Cube &Partial : Partials) {
    std::optional<fm::Configuration> C = complete(Model, Partial);
    if (!C)
      return makeError("the feature model '" + Model.path() +
                       "' has no valid configuration for a planned run");
    if (llvm::Error E = Model.check(*C))
      return E;
    Configs.push_back(std::move(*C));
  }
  return planOf(Model, Configs, Specs, Notes);
}

/// First fit from the simulator's default where that costs no run, else
/// without it (with a note).
llvm::Expected<Plan> firstFitPlan(const fm::FeatureModel &Model,
                                  const std::vector<RequirementSpec> &Specs,
                                  const std::vector<std::string> &Notes,
                                  const PlanOptions &Options) {
  auto Plain = compress(Model, Specs, Notes, nullptr);
  if (!Plain || !Options.Default)
    return Plain;
  std::string Default = Model.format(*Options.Default);
  if (Plain->Runs.front().ConfigString == Default) {
    Plain->FirstIsDefault = true;
    return Plain;
  }
  // Start from the default; keep that plan if it needs no extra run.
  Cube Seed = cubeOf(Model, *Options.Default);
  auto Seeded = compress(Model, Specs, Notes, &Seed);
  if (!Seeded)
    return Seeded.takeError();
  if (Seeded->Runs.size() <= Plain->Runs.size()) {
    Seeded->FirstIsDefault = true;
    return Seeded;
  }
  Plain->Notes.push_back("the simulator's default configuration '" + Default +
                         "' is not the first run: starting from it needs " +
                         std::to_string(Seeded->Runs.size()) +
                         " runs instead of " +
                         std::to_string(Plain->Runs.size()) +
                         " (without VARSIM_CONFIG the simulator runs '" +
                         Default + "', not run 1)");
  return Plain;
}

/// Models with at most this many valid configurations are also planned by
/// an exact search over them (ExactCover.h).
constexpr double MaxExactCandidates = 256;

/// A plan of fewer than FewerThan runs by exact search, from the
/// simulator's default when that costs no run; nothing if the model has too
/// many configurations, the search its budget, or no such plan exists.
std::optional<Plan> exactPlan(const fm::FeatureModel &Model,
                              const std::vector<RequirementSpec> &Specs,
                              const std::vector<std::string> &Notes,
                              const PlanOptions &Options, size_t FewerThan) {
  if (FewerThan < 2 || Model.count() > MaxExactCandidates)
    return std::nullopt;
  std::vector<fm::Configuration> Candidates;
  Model.forEachValid([&](const fm::Configuration &C) {
    Candidates.push_back(C);
    return true;
  });
  // Ties go to runs that select more (more code runs), as first fit's
  // completion does.
  auto Selected = [&](const fm::Configuration &C) {
    return llvm::count_if(Model.concreteFeatures(),
                          [&](fm::FeatureId F) { return C.Selected[F]; });
  };
  std::stable_sort(Candidates.begin(), Candidates.end(),
                   [&](const fm::Configuration &A, const fm::Configuration &B) {
                     return Selected(A) > Selected(B);
                   });
  ExactCoverOptions Search;
  Search.FewerThan = FewerThan;
  std::optional<std::vector<size_t>> Cover =
      findExactCover(Candidates, Specs, Search);
  if (!Cover)
    return std::nullopt;
  bool FirstIsDefault = false;
  if (Options.Default) {
    std::string Default = Model.format(*Options.Default);
    auto It = llvm::find_if(Candidates, [&](const fm::Configuration &C) {
      return Model.format(C) == Default;
    });
    if (It != Candidates.end()) {
      Search.Forced = static_cast<size_t>(It - Candidates.begin());
      Search.FewerThan = Cover->size() + 1;
      if (auto FromDefault = findExactCover(Candidates, Specs, Search)) {
        Cover = std::move(FromDefault);
        FirstIsDefault = true;
      }
    }
  }
  std::vector<fm::Configuration> Runs;
  for (size_t K : *Cover)
    Runs.push_back(Candidates[K]);
  // What the plan reports: each one-at-a-time group at the base it met.
  std::vector<unsigned> Bases = chosenBases(Runs, Specs);
  std::vector<RequirementSpec> Met;
  for (const RequirementSpec &R : Specs)
    if (R.BaseGroup == 0 || R.BaseChoice == Bases[R.BaseGroup])
      Met.push_back(R);
  Plan P = planOf(Model, Runs, Met, Notes);
  P.FirstIsDefault = FirstIsDefault;
  if (Options.Default && !FirstIsDefault)
    P.Notes.push_back("the simulator's default configuration '" +
                      Model.format(*Options.Default) +
                      "' is not the first run: no plan of " +
                      std::to_string(Runs.size()) +
                      " runs holds it (without VARSIM_CONFIG the simulator "
                      "runs it, not run 1)");
  return P;
}

} // namespace

llvm::Expected<Plan> computePlan(const fm::FeatureModel &Model,
                                 const std::vector<RegionToCover> &Regions,
                                 const PlanOptions &Options) {
  std::vector<std::string> Notes;
  auto Specs = buildRequirements(Model, Regions, Options, Notes);
  if (!Specs)
    return Specs.takeError();
  // First fit takes each one-at-a-time design at its first base.
  std::vector<RequirementSpec> FirstBases;
  for (const RequirementSpec &R : *Specs)
    if (R.BaseChoice == 0)
      FirstBases.push_back(R);
  if (!Options.AlreadyRun.empty()) {
    // A follow-up: what the earlier runs met needs no run.
    llvm::erase_if(FirstBases, [&](const RequirementSpec &R) {
      return llvm::any_of(Options.AlreadyRun, [&](const fm::Configuration &C) {
        return covers(C, R);
      });
    });
    if (FirstBases.empty()) {
      Plan None;
      None.Notes = Notes;
      return None;
    }
    return compress(Model, FirstBases, Notes, nullptr);
  }
  auto Greedy = firstFitPlan(Model, FirstBases, Notes, Options);
  if (!Greedy)
    return Greedy.takeError();
  // Fewer runs by exact search, where the model is small enough.
  if (std::optional<Plan> Exact =
          exactPlan(Model, *Specs, Notes, Options, Greedy->Runs.size()))
    return std::move(*Exact);
  return Greedy;
}

void printExplanation(const Plan &P, llvm::raw_ostream &OS) {
  OS << "plan: " << P.Runs.size() << " run(s) for " << P.Requirements.size()
     << " requirement(s)\n";
  for (size_t K = 0; K < P.Runs.size(); ++K) {
    OS << "run " << K + 1 << ": '" << P.Runs[K].ConfigString << "'"
       << (K == 0 && P.FirstIsDefault ? " (the simulator's default)" : "")
       << "\n";
    for (const Requirement &R : P.Requirements)
      if (!R.CoveredBy.empty() && R.CoveredBy.front() == K)
        OS << "  covers " << R.What << "\n";
  }
  for (const std::string &N : P.Notes)
    OS << "note: " << N << "\n";
}

} // namespace varsim::plan
