//===- model/TermLifting.cpp - Shared time moved to the shared term -------===//

#include "model/TermLifting.h"

#include "condition/Condition.h"
#include "feature_models/FeatureModel.h"
#include "model/FeatureValues.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

namespace varsim::model {
namespace {

using callgraph::Atom;
/// The valid configurations in which a condition holds, one bit each.
using HoldSet = std::vector<bool>;

/// The feature names an atom tests.
std::set<std::string> featuresOf(const Atom &A) {
  if (A.General) {
    std::vector<std::string> Names = condition::namesOf(*A.General);
    return {Names.begin(), Names.end()};
  }
  if (A.Feature.empty())
    return {};
  return {A.Feature};
}

unsigned generalAtoms(const Term &T) {
  return static_cast<unsigned>(
      std::count_if(T.Atoms.begin(), T.Atoms.end(),
                    [](const Atom &A) { return !A.isLiteral(); }));
}

/// Which of two terms of equal meaning names it: fewer atoms, then fewer
/// general conditions (`!J` rather than `J == 0`), then the name.
bool namesBetter(const Term &A, const Term &B) {
  if (A.Atoms.size() != B.Atoms.size())
    return A.Atoms.size() < B.Atoms.size();
  if (generalAtoms(A) != generalAtoms(B))
    return generalAtoms(A) < generalAtoms(B);
  return A.name() < B.name();
}

void addUnique(std::vector<std::string> &To,
               const std::vector<std::string> &Sources) {
  To.insert(To.end(), Sources.begin(), Sources.end());
  std::sort(To.begin(), To.end());
  To.erase(std::unique(To.begin(), To.end()), To.end());
}

class Lifter {
public:
  Lifter(PerformanceModel &M, std::vector<FeatureValues> Configs)
      : M(M), Configs(std::move(Configs)) {}

  /// The strings every member's Field lists.
  std::vector<std::string> common(const std::vector<size_t> &Members,
                                  std::vector<std::string> Term::*Field) const;
  /// Drops each atom without which T holds in the same valid
  /// configurations (H); how many.
  unsigned dropRedundantAtoms(Term &T, const HoldSet &H) const;
  void mergeEquivalent(TermLiftingSummary &Sum);
  bool liftOver(const std::string &Feature, TermLiftingSummary &Sum);
  bool pushDown(const std::string &Feature, TermLiftingSummary &Sum);
  std::vector<std::string> features() const;

private:
  HoldSet holdsOf(const std::vector<Atom> &Atoms) const;
  void reindex();
  /// Drops the Gone terms, keeping Holds parallel.
  void removeGone(const std::vector<bool> &Gone);

  PerformanceModel &M;
  std::vector<FeatureValues> Configs;
  std::vector<HoldSet> Holds; ///< Parallel to M.Terms.
  std::map<HoldSet, size_t> ByHolds;
};

HoldSet Lifter::holdsOf(const std::vector<Atom> &Atoms) const {
  HoldSet H(Configs.size(), true);
  for (size_t I = 0; I < Configs.size(); ++I)
    for (const Atom &A : Atoms)
      if (!A.holds(Configs[I])) {
        H[I] = false;
        break;
      }
  return H;
}

void Lifter::reindex() {
  // A term's atoms never change here: only new terms need their sets.
  for (size_t I = Holds.size(); I < M.Terms.size(); ++I)
    Holds.push_back(holdsOf(M.Terms[I].Atoms));
  ByHolds.clear();
  for (size_t I = 0; I < M.Terms.size(); ++I)
    ByHolds.try_emplace(Holds[I], I);
}

std::vector<std::string> Lifter::features() const {
  std::set<std::string> Names;
  for (const Term &T : M.Terms)
    for (const Atom &A : T.Atoms)
      for (const std::string &F : featuresOf(A))
        Names.insert(F);
  return {Names.begin(), Names.end()};
}

std::vector<std::string>
Lifter::common(const std::vector<size_t> &Members,
               std::vector<std::string> Term::*Field) const {
  std::vector<std::string> Common = M.Terms[Members[0]].*Field;
  for (size_t K = 1; K < Members.size() && !Common.empty(); ++K) {
    std::vector<std::string> Both;
    const std::vector<std::string> &S = M.Terms[Members[K]].*Field;
    std::set_intersection(Common.begin(), Common.end(), S.begin(), S.end(),
                          std::back_inserter(Both));
    Common = std::move(Both);
  }
  return Common;
}

unsigned Lifter::dropRedundantAtoms(Term &T, const HoldSet &H) const {
  // General conditions first: `!(A && B)` goes before `!B`, which implies
  // it.
  unsigned Dropped = 0;
  for (bool General : {true, false})
    for (size_t I = T.Atoms.size(); I-- > 0;) {
      if (T.Atoms[I].isLiteral() == General)
        continue;
      std::vector<Atom> Without = T.Atoms;
      Without.erase(Without.begin() + static_cast<std::ptrdiff_t>(I));
      if (holdsOf(Without) == H) {
        T.Atoms = std::move(Without);
        ++Dropped;
      }
    }
  return Dropped;
}

void Lifter::mergeEquivalent(TermLiftingSummary &Sum) {
  std::map<HoldSet, Term> Kept;
  std::vector<HoldSet> Order;
  // Terms that hold in no valid configuration predict nothing: reported
  // and left out, as buildModel does with those its simplifier finds
  // (`N != 0#N == 0` escapes it).
  std::vector<Term> Nowhere;
  for (Term &T : M.Terms) {
    HoldSet H = holdsOf(T.Atoms);
    if (std::find(H.begin(), H.end(), true) == H.end()) {
      Nowhere.push_back(std::move(T));
      continue;
    }
    Sum.AtomsDropped += dropRedundantAtoms(T, H);
    auto [It, New] = Kept.try_emplace(H, T);
    if (New) {
      Order.push_back(std::move(H));
      continue;
    }
    ++Sum.Merged;
    Term &Into = It->second;
    if (namesBetter(T, Into))
      std::swap(Into.Atoms, T.Atoms);
    Into.Seconds += T.Seconds;
    addUnique(Into.Sources, T.Sources);
    addUnique(Into.SharedCode, T.SharedCode);
    Into.FromLocalModel |= T.FromLocalModel;
    Into.FromRunTotals |= T.FromRunTotals;
  }
  M.Terms.clear();
  Holds.clear();
  for (HoldSet &H : Order) {
    M.Terms.push_back(std::move(Kept[H]));
    Holds.push_back(std::move(H));
  }
  for (Term &T : Nowhere) {
    M.Warnings.push_back(fmt::format(
        "term {} ({} s) holds in no valid configuration", T.name(), T.Seconds));
    M.Unsatisfiable.push_back(std::move(T));
  }
  reindex();
}

bool Lifter::liftOver(const std::string &Feature, TermLiftingSummary &Sum) {
  // The terms with a condition over Feature, by the rest of their atoms.
  std::map<std::vector<std::string>, std::vector<size_t>> Families;
  for (size_t I = 0; I < M.Terms.size(); ++I) {
    bool About = false, Mixed = false;
    std::vector<std::string> Rest;
    for (const Atom &A : M.Terms[I].Atoms) {
      std::set<std::string> Fs = featuresOf(A);
      if (Fs.size() == 1 && *Fs.begin() == Feature)
        About = true;
      else if (Fs.count(Feature))
        Mixed = true;
      else
        Rest.push_back(A.Text);
    }
    if (About && !Mixed) {
      std::sort(Rest.begin(), Rest.end());
      Families[Rest].push_back(I);
    }
  }

  bool Changed = false;
  std::vector<bool> Gone(M.Terms.size(), false);
  for (const auto &[Rest, Members] : Families) {
    if (Members.size() < 2)
      continue;
    // Shared code: a copied function (or region), or a context's local
    // model, every member's time comes from in part. A callee the members
    // share (a helper every alternative calls) is no such code:
    // alternatives keep their times.
    std::vector<std::string> Shared = common(Members, &Term::SharedCode);
    if (Shared.empty())
      continue;
    // Exactly one member holds wherever the rest holds.
    std::vector<Atom> ParentAtoms;
    for (const Atom &A : M.Terms[Members[0]].Atoms)
      if (!featuresOf(A).count(Feature))
        ParentAtoms.push_back(A);
    HoldSet Parent = holdsOf(ParentAtoms);
    bool Partition =
        std::find(Parent.begin(), Parent.end(), true) != Parent.end();
    for (size_t C = 0; C < Configs.size() && Partition; ++C) {
      unsigned Holding = 0;
      for (size_t Mem : Members)
        Holding += Holds[Mem][C];
      Partition = Holding == (Parent[C] ? 1u : 0u);
    }
    if (!Partition)
      continue;
    double Least = M.Terms[Members[0]].Seconds;
    for (size_t Mem : Members)
      Least = std::min(Least, M.Terms[Mem].Seconds);
    if (Least == 0)
      continue;

    auto It = ByHolds.find(Parent);
    size_t To;
    if (It != ByHolds.end() && !Gone[It->second]) {
      To = It->second;
    } else {
      Term New;
      New.Atoms = ParentAtoms;
      M.Terms.push_back(std::move(New));
      Holds.push_back(Parent);
      Gone.push_back(false);
      To = M.Terms.size() - 1;
      ByHolds[Parent] = To;
    }
    Term &P = M.Terms[To];
    P.Seconds += Least;
    // Its sources: those every member names (the shared code's).
    std::vector<std::string> Common = common(Members, &Term::Sources);
    addUnique(P.Sources, Common);
    addUnique(P.SharedCode, Shared);
    for (size_t Mem : Members) {
      Term &T = M.Terms[Mem];
      P.FromLocalModel |= T.FromLocalModel;
      P.FromRunTotals |= T.FromRunTotals;
      T.Seconds -= Least;
      if (T.Seconds == 0) {
        Gone[Mem] = true;
        ++Sum.Removed;
      }
    }
    ++Sum.Families;
    Changed = true;
  }
  if (Changed)
    removeGone(Gone);
  return Changed;
}

void Lifter::removeGone(const std::vector<bool> &Gone) {
  std::vector<Term> Left;
  std::vector<HoldSet> LeftHolds;
  for (size_t I = 0; I < M.Terms.size(); ++I)
    if (!Gone[I]) {
      Left.push_back(std::move(M.Terms[I]));
      LeftHolds.push_back(std::move(Holds[I]));
    }
  M.Terms = std::move(Left);
  Holds = std::move(LeftHolds);
  reindex();
}

/// The atom "Feature takes Value": a literal over 0/1 (`J`, `!J`, as the
/// rewrite names Lua's LUA_USE_JUMPTABLE), else `F == v`.
Atom valueAtom(const std::string &Feature, int64_t Value, bool ZeroOne) {
  Atom A;
  if (ZeroOne) {
    A.Feature = Feature;
    A.Negated = Value == 0;
    A.Text = (A.Negated ? "!" : "") + Feature;
    return A;
  }
  A.Text = Feature + " == " + std::to_string(Value);
  llvm::Expected<condition::CondPtr> C = condition::parsePresence(A.Text);
  if (!C) {
    llvm::consumeError(C.takeError());
    return Atom{};
  }
  A.General = *C;
  return A;
}

bool Lifter::pushDown(const std::string &Feature, TermLiftingSummary &Sum) {
  // A term P and the terms P#(Feature == v): P's seconds given to every
  // value's term where that leaves fewer terms. Lua's `!J#H` (+0.0098 s)
  // with `!J#H#M == 40` and `!J#H#M == 64` (-0.0098 s each) is one effect,
  // `!J#H#M == 20`; no prediction changes (exactly one value holds
  // wherever P holds).
  bool Changed = false;
  std::vector<bool> Gone(M.Terms.size(), false);
  for (size_t P = 0; P < M.Terms.size(); ++P) {
    // Base stays (the paper's model gives every configuration its time).
    if (Gone[P] || M.Terms[P].Seconds == 0 || M.Terms[P].Atoms.empty() ||
        llvm::any_of(M.Terms[P].Atoms, [&](const Atom &A) {
          return featuresOf(A).count(Feature) != 0;
        }))
      continue;
    std::set<int64_t> Values;
    for (size_t C = 0; C < Configs.size(); ++C)
      if (Holds[P][C])
        Values.insert(Configs[C](Feature));
    if (Values.size() < 2)
      continue;
    bool ZeroOne = *Values.begin() >= 0 && *Values.rbegin() <= 1;
    // Each value's term (an existing one of the same meaning, or a new
    // one) and its seconds.
    struct Member {
      std::vector<Atom> Atoms;
      HoldSet Holds;
      std::optional<size_t> Index;
      double Seconds = 0;
    };
    std::vector<Member> Members;
    bool Usable = true;
    for (int64_t V : Values) {
      Member Mem;
      Atom A = valueAtom(Feature, V, ZeroOne);
      if (A.Text.empty()) {
        Usable = false;
        break;
      }
      Mem.Atoms = M.Terms[P].Atoms;
      Mem.Atoms.push_back(std::move(A));
      Mem.Holds = holdsOf(Mem.Atoms);
      if (auto It = ByHolds.find(Mem.Holds);
          It != ByHolds.end() && !Gone[It->second] && It->second != P) {
        Mem.Index = It->second;
        Mem.Seconds = M.Terms[It->second].Seconds;
      }
      Members.push_back(std::move(Mem));
    }
    if (!Usable)
      continue;
    double Share = M.Terms[P].Seconds;
    double Eps = 1e-12 + 1e-9 * std::abs(Share);
    // Only where P's seconds cancel a value's: otherwise P is an effect
    // of its own (alternatives with their own code keep their times).
    size_t Now = 1, Pushed = 0;
    bool Cancels = false;
    for (const Member &Mem : Members) {
      Now += std::abs(Mem.Seconds) > Eps;
      Pushed += std::abs(Mem.Seconds + Share) > Eps;
      Cancels = Cancels || (std::abs(Mem.Seconds) > Eps &&
                            std::abs(Mem.Seconds + Share) <= Eps);
    }
    if (!Cancels || Pushed >= Now)
      continue;
    for (Member &Mem : Members) {
      double Seconds = Mem.Seconds + Share;
      bool Zero = std::abs(Seconds) <= Eps;
      if (Mem.Index) {
        Term &T = M.Terms[*Mem.Index];
        T.Seconds = Zero ? 0 : Seconds;
        if (Zero) {
          Gone[*Mem.Index] = true;
          ++Sum.Removed;
        } else {
          addUnique(T.Sources, M.Terms[P].Sources);
        }
      } else if (!Zero) {
        Term New;
        New.Atoms = std::move(Mem.Atoms);
        New.Seconds = Seconds;
        New.Sources = M.Terms[P].Sources;
        New.FromLocalModel = M.Terms[P].FromLocalModel;
        New.FromRunTotals = M.Terms[P].FromRunTotals;
        M.Terms.push_back(std::move(New));
        Holds.push_back(std::move(Mem.Holds));
        Gone.push_back(false);
        ByHolds[Holds.back()] = M.Terms.size() - 1;
      }
    }
    M.Terms[P].Seconds = 0;
    Gone[P] = true;
    ++Sum.PushedDown;
    Changed = true;
  }
  if (Changed)
    removeGone(Gone);
  return Changed;
}

} // namespace

TermLiftingSummary liftSharedTime(PerformanceModel &M,
                                  const fm::FeatureModel &FM,
                                  size_t MaxConfigurations) {
  TermLiftingSummary Sum;
  if (M.Terms.size() < 2)
    return Sum;
  if (FM.count() > static_cast<double>(MaxConfigurations)) {
    Sum.Skipped = fmt::format("{} valid configurations (at most {} are "
                              "enumerated to re-express the terms)",
                              fm::formatCount(FM.count()), MaxConfigurations);
    return Sum;
  }
  std::vector<FeatureValues> Configs;
  FM.forEachValid([&](const fm::Configuration &C) {
    Configs.push_back(FeatureValues::of(FM, C));
    return true;
  });
  if (Configs.empty())
    return Sum;

  Lifter L(M, std::move(Configs));
  L.mergeEquivalent(Sum);
  // Each move leaves a member at zero, so a family moves time once; a
  // parent made by one feature's moves can join a family of another's.
  for (unsigned Round = 0; Round < 8; ++Round) {
    bool Changed = false;
    for (const std::string &F : L.features())
      Changed |= L.liftOver(F, Sum);
    if (!Changed)
      break;
  }

  // Then the other way where that leaves fewer terms; each push removes
  // at least one term, so this ends.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const std::string &F : L.features())
      Changed |= L.pushDown(F, Sum);
  }

  // What a move left below the threshold is dropped as any such term.
  std::vector<Term> Kept;
  for (Term &T : M.Terms) {
    if (std::abs(T.Seconds) < M.ThresholdSeconds)
      M.Dropped.push_back(std::move(T));
    else
      Kept.push_back(std::move(T));
  }
  M.Terms = std::move(Kept);
  sortLargestFirst(M.Terms);
  sortLargestFirst(M.Dropped);
  return Sum;
}

} // namespace varsim::model
