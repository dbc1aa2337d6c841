//===- plan/Requirements.cpp - What a plan covers -------------------------===//

#include "plan/Requirements.h"

#include "condition/Condition.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace varsim::plan {

std::optional<Cube> Cube::mergedWith(const Cube &Other,
                                     const fm::FeatureModel &Model) const {
  Cube M = *this;
  for (const fm::Literal &L : Other.Literals) {
    auto Same = llvm::find_if(M.Literals, [&](const fm::Literal &X) {
      return X.Feature == L.Feature;
    });
    if (Same == M.Literals.end())
      M.Literals.push_back(L);
    else if (Same->Negated != L.Negated)
      return std::nullopt;
  }
  for (const auto &[F, V] : Other.Values) {
    auto Same =
        llvm::find_if(M.Values, [&](const auto &X) { return X.first == F; });
    if (Same == M.Values.end())
      M.Values.emplace_back(F, V);
    else if (Same->second != V)
      return std::nullopt;
  }
  if (!Model.isSatisfiable(M.Literals))
    return std::nullopt;
  return M;
}

bool Cube::isSatisfiedBy(const fm::Configuration &C) const {
  for (const fm::Literal &L : Literals)
    if (C.Selected[L.Feature] == L.Negated)
      return false;
  for (const auto &[F, V] : Values)
    if (F >= C.Values.size() || C.Values[F] != V)
      return false;
  return true;
}

bool Cube::mentions(fm::FeatureId F) const {
  return llvm::any_of(Literals,
                      [&](const fm::Literal &L) { return L.Feature == F; }) ||
         llvm::any_of(Values, [&](const auto &X) { return X.first == F; });
}

bool covers(const fm::Configuration &C, const RequirementSpec &R) {
  return llvm::any_of(R.Alternatives,
                      [&](const Cube &Q) { return Q.isSatisfiedBy(C); });
}

namespace {

/// The values a feature can take in a cube: selected first, so that plans
/// lean towards running more code.
std::vector<int64_t> domainOf(const fm::Feature &F) {
  if (F.Kind == fm::FeatureKind::Boolean)
    return {1, 0};
  if (F.Values.empty())
    return {F.DefaultValue};
  return F.Values;
}

llvm::Expected<fm::FeatureId> resolve(const fm::FeatureModel &Model,
                                      llvm::StringRef Name,
                                      const RegionToCover &R) {
  if (auto Id = Model.findByName(Name))
    return *Id;
  if (auto Id = Model.findByMacro(Name))
    return *Id;
  return makeError("region " + llvm::Twine(R.Id) + ": unknown feature '" +
                   Name + "' (not in the feature model '" + Model.path() +
                   "')");
}

/// Enumerates the assignments of Vars (mixed-radix counter over their
/// domains) and calls Visit on each, until it returns false.
template <typename Fn>
void forEachAssignment(const std::vector<std::vector<int64_t>> &Domains,
                       Fn &&Visit) {
  std::vector<size_t> Index(Domains.size(), 0);
  std::vector<int64_t> Values(Domains.size());
  while (true) {
    for (size_t I = 0; I < Domains.size(); ++I)
      Values[I] = Domains[I][Index[I]];
    if (!Visit(Values))
      return;
    size_t I = Domains.size();
    while (I > 0) {
      --I;
      if (++Index[I] < Domains[I].size())
        break;
      Index[I] = 0;
      if (I == 0)
        return;
    }
    if (Domains.empty())
      return;
  }
}

double combinations(const std::vector<std::vector<int64_t>> &Domains) {
  double N = 1;
  for (const auto &D : Domains)
    N *= static_cast<double>(D.size());
  return N;
}

Cube cubeOf(const fm::FeatureModel &Model,
            const std::vector<fm::FeatureId> &Vars,
            const std::vector<int64_t> &Values) {
  Cube C;
  for (size_t I = 0; I < Vars.size(); ++I) {
    if (Model.feature(Vars[I]).Kind == fm::FeatureKind::Boolean)
      C.Literals.push_back({Vars[I], Values[I] == 0});
    else
      C.Values.emplace_back(Vars[I], Values[I]);
  }
  return C;
}

std::string describeAssignment(const fm::FeatureModel &Model,
                               const std::vector<fm::FeatureId> &Vars,
                               const std::vector<int64_t> &Values) {
  std::string S;
  for (size_t I = 0; I < Vars.size(); ++I) {
    if (!S.empty())
      S += ", ";
    S += Model.feature(Vars[I]).Name + "=" + std::to_string(Values[I]);
  }
  return S;
}

/// C without the literals and values of the influencing features not in
/// Keep, except those the region's condition names (so that what is left
/// still runs the region).
Cube keepOnly(const Cube &C, const std::vector<fm::FeatureId> &Keep,
              const std::vector<fm::FeatureId> &Influencing,
              const std::vector<fm::FeatureId> &InCondition) {
  auto Dropped = [&](fm::FeatureId F) {
    return !llvm::is_contained(Keep, F) && llvm::is_contained(Influencing, F) &&
           !llvm::is_contained(InCondition, F);
  };
  Cube Out;
  for (const fm::Literal &L : C.Literals)
    if (!Dropped(L.Feature))
      Out.Literals.push_back(L);
  for (const auto &[F, V] : C.Values)
    if (!Dropped(F))
      Out.Values.emplace_back(F, V);
  return Out;
}

bool sameCube(const Cube &A, const Cube &B) {
  if (A.Literals.size() != B.Literals.size() ||
      A.Values.size() != B.Values.size())
    return false;
  for (size_t K = 0; K < A.Literals.size(); ++K)
    if (A.Literals[K].Feature != B.Literals[K].Feature ||
        A.Literals[K].Negated != B.Literals[K].Negated)
      return false;
  return A.Values == B.Values;
}

/// The requirements of one region: its condition alone, and its condition
/// with each combination of its influencing features (or, with many, each
/// one changed from a base point).
/// BaseGroup, if not 0, numbers a one-at-a-time design (strength 1) whose
/// base may be any valid point: its requirements are written for each
/// candidate base (RequirementSpec::BaseChoice), closest to every flag off
/// first.
llvm::Error addRegion(const fm::FeatureModel &Model, const RegionToCover &R,
                      const PlanOptions &Options,
                      std::vector<RequirementSpec> &Out,
                      std::vector<std::string> &Notes, unsigned BaseGroup = 0) {
  auto Cond = condition::parsePresence(R.Condition);
  if (!Cond)
    return makeError("region " + llvm::Twine(R.Id) + ": condition '" +
                     R.Condition + "': " + toString(Cond.takeError()));
  std::vector<std::string> Names = condition::namesOf(**Cond);
  std::vector<fm::FeatureId> Influencing, Free;
  for (const std::string &Name : R.InfluencingFeatures) {
    auto Id = resolve(Model, Name, R);
    if (!Id)
      return Id.takeError();
    if (!llvm::is_contained(Influencing, *Id))
      Influencing.push_back(*Id);
  }
  std::vector<fm::FeatureId> InCondition;
  for (const std::string &Name : Names) {
    auto Id = resolve(Model, Name, R);
    if (!Id)
      return Id.takeError();
    InCondition.push_back(*Id);
    if (!llvm::is_contained(Influencing, *Id) && !llvm::is_contained(Free, *Id))
      Free.push_back(*Id);
  }
  std::vector<std::vector<int64_t>> InfluencingDomains, FreeDomains;
  for (fm::FeatureId F : Influencing)
    InfluencingDomains.push_back(domainOf(Model.feature(F)));
  for (fm::FeatureId F : Free)
    FreeDomains.push_back(domainOf(Model.feature(F)));
  std::string Label =
      (R.IsVariant ? "variant" : "region " + std::to_string(R.Id)) +
      (R.Label.empty() ? std::string() : " " + R.Label) + " [" + R.Condition +
      "]";
  constexpr double MaxConditionAssignments = 4096;
  if (combinations(FreeDomains) > MaxConditionAssignments) {
    Notes.push_back(Label + ": condition has too many variables to plan for; "
                            "not covered");
    return llvm::Error::success();
  }
  // The members of an exclusive group are one variable with a value per
  // member (RLE, LZ, HUFFMAN: exactly one holds), not three.
  std::vector<std::vector<size_t>> Dims; // Indices into Influencing.
  std::vector<size_t> DimGroup;
  for (size_t I = 0; I < Influencing.size(); ++I) {
    size_t Group = SIZE_MAX;
    for (size_t G = 0; G < Model.exclusiveGroups().size(); ++G)
      if (llvm::is_contained(Model.exclusiveGroups()[G], Influencing[I]))
        Group = G;
    auto Same = llvm::find(DimGroup, Group);
    if (Group != SIZE_MAX && Same != DimGroup.end()) {
      Dims[Same - DimGroup.begin()].push_back(I);
    } else {
      Dims.push_back({I});
      DimGroup.push_back(Group);
    }
  }
  unsigned Dimensions = static_cast<unsigned>(Dims.size());
  bool OneAtATime = Dimensions > Options.FullCombinationsUpTo;
  if (!OneAtATime &&
      combinations(InfluencingDomains) > Options.MaxCombinationsPerRegion) {
    Notes.push_back(Label + ": " +
                    std::to_string(static_cast<uint64_t>(
                        combinations(InfluencingDomains))) +
                    " combinations of influencing features exceed the limit " +
                    std::to_string(Options.MaxCombinationsPerRegion) +
                    "; only the condition is covered");
    Influencing.clear();
    InfluencingDomains.clear();
  }

  auto ValueOf = [&](const std::vector<int64_t> &Fixed,
                     const std::vector<int64_t> &Rest,
                     llvm::StringRef Name) -> int64_t {
    std::optional<fm::FeatureId> Id = Model.findByName(Name);
    if (!Id)
      Id = Model.findByMacro(Name);
    if (!Id)
      return 0; // Unreachable: every name was resolved above.
    for (size_t I = 0; I < Influencing.size(); ++I)
      if (Influencing[I] == *Id)
        return Fixed[I];
    for (size_t I = 0; I < Free.size(); ++I)
      if (Free[I] == *Id)
        return Rest[I];
    return 0;
  };
  // The cubes that satisfy the condition with the influencing features
  // fixed to Fixed (and Fixed itself valid in the model).
  auto CubesFor = [&](const std::vector<int64_t> &Fixed) {
    std::vector<Cube> Cubes;
    Cube Base = cubeOf(Model, Influencing, Fixed);
    forEachAssignment(FreeDomains, [&](const std::vector<int64_t> &Rest) {
      if (condition::evaluatePresence(**Cond, [&](llvm::StringRef Name) {
            return ValueOf(Fixed, Rest, Name);
          }) == 0)
        return true;
      if (auto M = Base.mergedWith(cubeOf(Model, Free, Rest), Model))
        Cubes.push_back(std::move(*M));
      return true;
    });
    return Cubes;
  };

  if (!Influencing.empty() && OneAtATime) {
    // Every combination of values of each FullCombinationsUpTo variables
    // (pairs by default: a covering array), whatever the other influencing
    // features are: a cube fixes only those variables' features and the
    // condition's own, so that the facts of many regions compress into few
    // runs. With pairs, each fact is seen on both sides and each two
    // features' interaction is observed. A combination with which the
    // region cannot run (the condition or the model rules it out) is no
    // requirement. Too many combinations to enumerate: single variables.
    unsigned Strength = Options.FullCombinationsUpTo;
    bool FromBase = Strength == 1;
    if (combinations(InfluencingDomains) > Options.MaxCombinationsPerRegion)
      Strength = 1, FromBase = false;
    if (FromBase) {
      // Strength 1: a base point and each point that changes one variable
      // from it, every influencing feature fixed (the local model's
      // Moebius inversion then sees each variable's effect alone, below
      // every point it predicts). The base is the valid point closest to
      // "every flag off, every numeric feature at its default".
      auto Cost = [&](const std::vector<int64_t> &V) {
        unsigned C = 0;
        for (size_t I = 0; I < V.size(); ++I) {
          const fm::Feature &F = Model.feature(Influencing[I]);
          C += F.Kind == fm::FeatureKind::Boolean ? V[I] != 0
                                                  : V[I] != F.DefaultValue;
        }
        return C;
      };
      std::vector<std::vector<int64_t>> Points;
      forEachAssignment(InfluencingDomains, [&](const std::vector<int64_t> &V) {
        Points.push_back(V);
        return true;
      });
      std::stable_sort(
          Points.begin(), Points.end(),
          [&](const auto &A, const auto &B) { return Cost(A) < Cost(B); });
      // A base of a group may be any valid point (at most MaxBaseChoices
      // of them, closest first); otherwise only the closest.
      constexpr size_t MaxBaseChoices = 16;
      std::vector<std::vector<int64_t>> Bases;
      for (const std::vector<int64_t> &V : Points) {
        if (Bases.size() == (BaseGroup ? MaxBaseChoices : 1))
          break;
        if (!CubesFor(V).empty())
          Bases.push_back(V);
      }
      if (Bases.empty()) {
        Notes.push_back(Label + ": no valid configuration runs it with its "
                                "influencing features; not covered");
        return llvm::Error::success();
      }
      for (size_t Choice = 0; Choice < Bases.size(); ++Choice) {
        const std::vector<int64_t> &Base = Bases[Choice];
        auto Changed = [&](const std::vector<int64_t> &V) {
          unsigned N = 0;
          for (const std::vector<size_t> &Dim : Dims)
            N += llvm::any_of(Dim, [&](size_t I) { return V[I] != Base[I]; });
          return N;
        };
        for (const std::vector<int64_t> &V : Points) {
          if (Changed(V) > 1)
            continue;
          std::vector<Cube> Cubes = CubesFor(V);
          if (Cubes.empty())
            continue; // Invalid, or the region cannot run with it.
          Out.push_back(
              {Label + " with " + describeAssignment(Model, Influencing, V),
               std::move(Cubes),
               100 + static_cast<unsigned>(Influencing.size()), BaseGroup,
               static_cast<unsigned>(Choice)});
        }
      }
      return llvm::Error::success();
    }
    std::vector<std::vector<size_t>> Subsets; // Of Dims, of size Strength.
    std::vector<size_t> Pick;
    std::function<void(size_t)> Choose = [&](size_t From) {
      if (Pick.size() == Strength) {
        Subsets.push_back(Pick);
        return;
      }
      for (size_t D = From; D < Dims.size(); ++D) {
        Pick.push_back(D);
        Choose(D + 1);
        Pick.pop_back();
      }
    };
    Choose(0);
    for (const std::vector<size_t> &Subset : Subsets) {
      std::vector<size_t> Kept; // Indices into Influencing.
      for (size_t D : Subset)
        Kept.insert(Kept.end(), Dims[D].begin(), Dims[D].end());
      std::vector<fm::FeatureId> KeptIds;
      for (size_t K : Kept)
        KeptIds.push_back(Influencing[K]);
      // Projection of an assignment onto Kept -> its loose cubes.
      std::map<std::vector<int64_t>, std::vector<Cube>> ByProjection;
      forEachAssignment(
          InfluencingDomains, [&](const std::vector<int64_t> &Fixed) {
            std::vector<int64_t> Key;
            for (size_t K : Kept)
              Key.push_back(Fixed[K]);
            std::vector<Cube> &Cubes = ByProjection[Key];
            if (Cubes.size() >= 16)
              return true;
            for (Cube &C : CubesFor(Fixed)) {
              Cube Loose = keepOnly(C, KeptIds, Influencing, InCondition);
              if (!llvm::any_of(
                      Cubes, [&](const Cube &X) { return sameCube(X, Loose); }))
                Cubes.push_back(std::move(Loose));
            }
            return true;
          });
      for (auto &[Key, Cubes] : ByProjection) {
        if (Cubes.empty())
          continue; // Invalid or the region cannot run with it.
        Out.push_back(
            {Label + " with " + describeAssignment(Model, KeptIds, Key),
             std::move(Cubes),
             100 + static_cast<unsigned>(Influencing.size())});
      }
    }
    return llvm::Error::success();
  }
  if (!Influencing.empty()) {
    // Plain coverage is implied by the combinations below.
    unsigned Skipped = 0;
    forEachAssignment(InfluencingDomains, [&](const std::vector<int64_t> &V) {
      std::vector<Cube> Cubes = CubesFor(V);
      std::string What =
          Label + " with " + describeAssignment(Model, Influencing, V);
      if (Cubes.empty()) {
        ++Skipped;
        Notes.push_back(What + ": no valid configuration; skipped");
      } else {
        Out.push_back({What, std::move(Cubes),
                       100 + static_cast<unsigned>(Influencing.size())});
      }
      return true;
    });
    if (Skipped < combinations(InfluencingDomains))
      return llvm::Error::success();
    Influencing.clear();
  }
  std::vector<Cube> Plain = CubesFor({});
  if (Plain.empty()) {
    Notes.push_back(Label + ": no valid configuration satisfies the condition "
                            "(dead code); not covered");
    return llvm::Error::success();
  }
  unsigned Rank = static_cast<unsigned>(Names.size());
  Out.push_back({Label, std::move(Plain), Rank});
  return llvm::Error::success();
}

/// Options for a one-at-a-time design (strength 1 from a base point).
PlanOptions oneAtATime(const PlanOptions &Options) {
  PlanOptions One = Options;
  One.FullCombinationsUpTo = 1;
  return One;
}

} // namespace

llvm::Expected<std::vector<RequirementSpec>>
buildRequirements(const fm::FeatureModel &Model,
                  const std::vector<RegionToCover> &Regions,
                  const PlanOptions &Options, std::vector<std::string> &Notes) {
  std::vector<RequirementSpec> Out;
  if (Options.CoverExclusiveGroups) {
    for (const std::vector<fm::FeatureId> &Group : Model.exclusiveGroups()) {
      std::string Members;
      for (fm::FeatureId F : Group)
        Members += (Members.empty() ? "" : ", ") + Model.feature(F).Name;
      for (fm::FeatureId F : Group) {
        Cube C;
        C.Literals.push_back({F, false});
        if (!Model.isSatisfiable(C.Literals))
          continue; // A dead feature; the features command reports it.
        Out.push_back(
            {"exclusive group {" + Members + "}: " + Model.feature(F).Name,
             {std::move(C)},
             50});
      }
    }
    // A numeric feature is an exclusive group of its values: without a
    // run of each, a value whose code has no region of its own (a switch
    // over the value, as rewrite/templates/ValueArguments writes) is
    // never observed, and the model can only guess its time.
    for (fm::FeatureId F = 0; F < Model.features().size(); ++F) {
      const fm::Feature &Desc = Model.feature(F);
      if (Desc.Kind != fm::FeatureKind::Numeric || Desc.Values.size() < 2)
        continue;
      for (int64_t V : Desc.Values) {
        Cube C;
        C.Values.emplace_back(F, V);
        if (!Cube().mergedWith(C, Model))
          continue; // No valid configuration has the value.
        Out.push_back({"values of " + Desc.Name + ": " + Desc.Name + "=" +
                           std::to_string(V),
                       {std::move(C)},
                       50});
      }
    }
  }
  // Clones of one piece of code (a function specialised per value of a
  // numeric feature or per member of a policy group, or copied per
  // configuration: same label, one condition each) are one family for the
  // data-flow requirements, over the features any clone's facts name: a
  // combination of them is observed when any clone runs with it. Each
  // clone must still run. Not only clones with equal facts: an adaptive
  // run that refutes a fact in one clone of Lua's interpreter and not in
  // the other would otherwise owe the other clone a design of its own (6
  // runs after 13, where the clones together needed none).
  std::map<std::string, std::vector<const RegionToCover *>> Families;
  std::vector<std::string> FamilyOrder;
  unsigned BaseGroups = 0;
  for (const RegionToCover &R : Regions) {
    // Unmarked code timed in R (and decisions in unmarked callees): R at a
    // base point of those features and at each point that changes one of
    // them (strength 1, not their product; on and off each is met by runs
    // flipping two together, which R's self time cannot tell apart).
    if (!R.IsVariant) {
      RegionToCover Timed = R;
      Timed.InfluencingFeatures.clear();
      for (const std::string &F : R.TimedFeatures)
        if (!llvm::is_contained(R.InfluencingFeatures, F) &&
            !llvm::is_contained(Timed.InfluencingFeatures, F))
          Timed.InfluencingFeatures.push_back(F); // Else observed already.
      if (!Timed.InfluencingFeatures.empty())
        if (llvm::Error E = addRegion(Model, Timed, oneAtATime(Options), Out,
                                      Notes, ++BaseGroups))
          return E;
      // A timed feature and a data-flow feature of R act in one self time:
      // each such pair under every combination (strength 2). Apart, or one
      // at a time from one base, an effect that depends on the other
      // feature is wrong at its other values (depth_limit's leaf counting:
      // 35 % of main without MAX_DEPTH's cap, 5 % with one; docs/plan.md).
      if (Options.FullCombinationsUpTo >= 2)
        for (const std::string &T : Timed.InfluencingFeatures)
          for (const std::string &F : R.InfluencingFeatures) {
            RegionToCover Pair = R;
            Pair.InfluencingFeatures = {F, T};
            if (llvm::Error E = addRegion(Model, Pair, Options, Out, Notes))
              return E;
          }
    }
    if (R.InfluencingFeatures.empty() || R.Label.empty() || R.IsVariant) {
      if (llvm::Error E = addRegion(Model, R, Options, Out, Notes))
        return E;
      continue;
    }
    auto &Members = Families[R.Label];
    if (Members.empty())
      FamilyOrder.push_back(R.Label);
    Members.push_back(&R);
  }
  for (const std::string &Key : FamilyOrder) {
    const std::vector<const RegionToCover *> &Members = Families[Key];
    if (Members.size() == 1) {
      if (llvm::Error E =
              addRegion(Model, *Members.front(), Options, Out, Notes))
        return E;
      continue;
    }
    RegionToCover Family = *Members.front();
    Family.Condition.clear();
    std::set<std::string> Union;
    for (const RegionToCover *M : Members)
      Union.insert(M->InfluencingFeatures.begin(),
                   M->InfluencingFeatures.end());
    Family.InfluencingFeatures.assign(Union.begin(), Union.end());
    for (const RegionToCover *M : Members) {
      Family.Condition +=
          (Family.Condition.empty() ? "(" : " || (") + M->Condition + ")";
      // Each clone runs (rule 1). The model fits the clones' contexts as
      // one local model, the clone a feature of it (model/ContextModels.h):
      // a combination one clone ran with tells the features' effects on
      // the others too, so the clones need no designs of their own (which
      // cost Lua's interpreter 16 more runs).
      RegionToCover Alone = *M;
      Alone.InfluencingFeatures.clear();
      if (llvm::Error E = addRegion(Model, Alone, Options, Out, Notes))
        return E;
    }
    if (llvm::Error E = addRegion(Model, Family, Options, Out, Notes))
      return E;
  }
  // The condition of a feature region with data-flow facts also on its
  // negated side: some run executes the code around the region without it
  // (an `#if` without `#else` too). Its cost depends on the facts' data,
  // so what its term absorbs (the time of the code after it, control
  // effects) must be told apart from the base: in depth_limit every run
  // had LEAF_STATS on, and the recursion after its region was charged to
  // it. A condition that always holds has no such side. Regions without
  // facts keep the paper's plan (one run can hold every region).
  if (Options.CoverNegatedConditions) {
    std::vector<std::string> Seen;
    for (const RegionToCover &R : Regions) {
      if (R.Condition == "1" || R.InfluencingFeatures.empty() ||
          llvm::is_contained(Seen, R.Condition))
        continue;
      Seen.push_back(R.Condition);
      RegionToCover Without;
      Without.Id = R.Id;
      Without.IsVariant = R.IsVariant;
      Without.Label = R.Label + " (the code around it, without it)";
      Without.Condition = "!(" + R.Condition + ")";
      std::vector<std::string> Ignored; // Always true: nothing to cover.
      std::vector<RequirementSpec> Negated;
      if (llvm::Error E = addRegion(Model, Without, Options, Negated, Ignored))
        return E;
      for (RequirementSpec &Q : Negated) {
        Q.Rank = 0; // Merges into the runs the rest needs where it can.
        Out.push_back(std::move(Q));
      }
    }
  }
  std::stable_sort(Out.begin(), Out.end(),
                   [](const RequirementSpec &A, const RequirementSpec &B) {
                     return A.Rank > B.Rank;
                   });
  return Out;
}

} // namespace varsim::plan
