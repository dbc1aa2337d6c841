//===- feature_models/Sampling.cpp - Samples of valid configurations ------===//
//
// All, feature-wise, negative feature-wise, t-wise (t = 1, 2) and uniform
// random samples. Every strategy is deterministic: the same model, options
// and seed give the same configurations in the same order.
//
// T-wise: the tuples to cover are the valid combinations of literals of the
// concrete features that are neither core nor dead (validity decided on the
// BDD). Configurations are built greedily: each starts from the first
// uncovered tuple, then fixes the remaining features one by one to the value
// that covers the most uncovered pairs with what is fixed so far; the BDD
// propagates every choice, so each configuration is valid.
//
//===----------------------------------------------------------------------===//

#include "feature_models/ModelImpl.h"

#include "support/Diagnostic.h"

#include <algorithm>
#include <random>
#include <set>

namespace varsim::fm {
namespace {

/// More than this many configurations is not a sample.
constexpr double MaxAll = 1e6;

using Key = std::pair<std::vector<bool>, std::vector<int64_t>>;

Key keyOf(const Configuration &C) { return {C.Selected, C.Values}; }

void appendDistinct(std::vector<Configuration> &Out, std::set<Key> &Seen,
                    std::optional<Configuration> C) {
  if (C && Seen.insert(keyOf(*C)).second)
    Out.push_back(std::move(*C));
}

/// Concrete features that some valid configurations have and others lack.
std::vector<FeatureId> variableFeatures(const FeatureModel::Impl &P) {
  BddSemantics::Possible Can = P.Semantics->possible(P.Semantics->model());
  std::vector<FeatureId> R;
  for (FeatureId F = 0; F < P.Features.size(); ++F)
    if (!P.Features[F].Abstract && Can.CanSelect[F] && Can.CanDeselect[F])
      R.push_back(F);
  return R;
}

/// T-wise coverage of the literals of the variable features (T = 1, 2).
/// Literal 2i selects Vars[i], literal 2i+1 deselects it.
class TWiseSampler {
public:
  TWiseSampler(const FeatureModel::Impl &P, unsigned T)
      : S(*P.Semantics), T(T), Vars(variableFeatures(P)) {
    size_t L = 2 * Vars.size();
    Uncovered.assign(T == 1 ? L : L * L, false);
    Open.assign(L, 0);
    for (size_t I = 0; I < L; ++I) {
      if (T == 1) {
        cover(I, I, true);
        continue;
      }
      // The valid partners of literal I: one BDD pass.
      BddSemantics::Possible With = S.possible(S.model() & S.literal(lit(I)));
      for (size_t J = (I | 1) + 1; J < L; ++J)
        if (can(With, J))
          cover(I, J, true);
    }
  }

  std::vector<Configuration> run() {
    std::vector<Configuration> Sample;
    std::set<Key> Seen;
    while (Remaining > 0) {
      std::optional<Configuration> C = next();
      if (!C)
        break;
      size_t Before = Remaining;
      markCovered(*C);
      if (Remaining == Before)
        break; // Defensive: never loop without progress.
      appendDistinct(Sample, Seen, std::move(C));
    }
    if (Sample.empty())
      appendDistinct(Sample, Seen, S.optimal(S.model(), false));
    return Sample;
  }

private:
  Literal lit(size_t L) const { return {Vars[L / 2], (L & 1) != 0}; }
  bool can(const BddSemantics::Possible &P, size_t L) const {
    FeatureId F = Vars[L / 2];
    return (L & 1) ? P.CanDeselect[F] : P.CanSelect[F];
  }
  size_t index(size_t A, size_t B) const {
    return T == 1 ? A : std::min(A, B) * Open.size() + std::max(A, B);
  }
  void cover(size_t A, size_t B, bool Value) {
    size_t I = index(A, B);
    if (Uncovered[I] == Value)
      return;
    Uncovered[I] = Value;
    int Delta = Value ? 1 : -1;
    Remaining = Value ? Remaining + 1 : Remaining - 1;
    Open[A] += Delta;
    if (B != A)
      Open[B] += Delta;
  }

  /// One configuration: the first uncovered tuple, then each remaining
  /// variable feature set to the value that covers the most uncovered pairs
  /// with what is already fixed (ties: the value with more open pairs),
  /// propagating through the BDD after each choice.
  std::optional<Configuration> next() {
    size_t L = Open.size();
    bdd Current = S.model();
    for (size_t A = 0; A < L; ++A) {
      if (Open[A] == 0)
        continue;
      size_t B = A;
      if (T == 2)
        for (B = 0; B < L && !Uncovered[index(A, B)]; ++B)
          ;
      Current &= S.literal(lit(A));
      if (B != A && B < L)
        Current &= S.literal(lit(B));
      break;
    }
    BddSemantics::Possible Can = S.possible(Current);
    for (size_t V = 0; V < Vars.size(); ++V) {
      size_t On = 2 * V, Off = 2 * V + 1;
      if (!can(Can, On) || !can(Can, Off))
        continue; // Already decided.
      if (Open[On] == 0 && Open[Off] == 0)
        continue; // Nothing left to cover: the completion decides.
      long Score[2] = {0, 0};
      for (size_t Choice = 0; Choice < 2; ++Choice) {
        size_t Mine = 2 * V + Choice;
        if (T == 1) {
          Score[Choice] = Uncovered[Mine];
          continue;
        }
        for (size_t W = 0; W < Vars.size(); ++W) {
          if (W == V)
            continue;
          bool Sel = can(Can, 2 * W), Desel = can(Can, 2 * W + 1);
          if (Sel != Desel) // W is fixed.
            Score[Choice] += Uncovered[index(Mine, Sel ? 2 * W : 2 * W + 1)];
        }
      }
      size_t Pick;
      if (Score[0] != Score[1])
        Pick = Score[0] > Score[1] ? On : Off;
      else
        Pick = Open[On] >= Open[Off] ? On : Off;
      Current &= S.literal(lit(Pick));
      Can = S.possible(Current);
    }
    return S.optimal(Current, false);
  }

  void markCovered(const Configuration &C) {
    std::vector<size_t> True;
    for (size_t V = 0; V < Vars.size(); ++V)
      True.push_back(C.Selected[Vars[V]] ? 2 * V : 2 * V + 1);
    for (size_t I = 0; I < True.size(); ++I) {
      if (T == 1) {
        cover(True[I], True[I], false);
        continue;
      }
      for (size_t J = I + 1; J < True.size(); ++J)
        cover(True[I], True[J], false);
    }
  }

  const BddSemantics &S;
  unsigned T;
  std::vector<FeatureId> Vars;
  std::vector<bool> Uncovered; ///< By index(A, B).
  std::vector<long> Open;      ///< Uncovered tuples per literal.
  size_t Remaining = 0;
};

std::vector<Configuration> random(const FeatureModel::Impl &P, unsigned N,
                                  uint64_t Seed) {
  const BddSemantics &S = *P.Semantics;
  std::mt19937_64 Rng(Seed);
  double Total = S.count(S.model());
  std::vector<Configuration> Sample;
  if (Total <= N || (Total <= 100000 && Total <= 4.0 * N)) {
    // Few configurations: a seeded shuffle of all of them.
    S.forEach(S.model(), [&](const Configuration &C) {
      Sample.push_back(C);
      return true;
    });
    for (size_t I = 0; I + 1 < Sample.size(); ++I) {
      size_t J = I + static_cast<size_t>(Rng() % (Sample.size() - I));
      std::swap(Sample[I], Sample[J]);
    }
    if (Sample.size() > N)
      Sample.resize(N);
    return Sample;
  }
  std::set<Key> Seen;
  BddSemantics::CountCache Counts;
  for (size_t Tries = 0; Sample.size() < N && Tries < 100 * size_t(N); ++Tries)
    appendDistinct(Sample, Seen, S.drawUniform(S.model(), Rng, Counts));
  return Sample;
}

} // namespace

llvm::Expected<std::vector<Configuration>>
FeatureModel::sample(const SampleOptions &O) const {
  std::lock_guard<std::recursive_mutex> Guard(buddy::lock());
  const BddSemantics &S = *P->Semantics;
  std::vector<Configuration> Out;
  std::set<Key> Seen;
  switch (O.Strategy) {
  case SampleStrategy::All: {
    double N = count();
    if (N > MaxAll)
      return makeError("the model has " + formatCount(N) +
                       " valid configurations; too many to list them all "
                       "(use pairwise or random:N)");
    forEachValid([&](const Configuration &C) {
      Out.push_back(C);
      return true;
    });
    return Out;
  }
  case SampleStrategy::FeatureWise:
  case SampleStrategy::NegativeFeatureWise: {
    bool Negative = O.Strategy == SampleStrategy::NegativeFeatureWise;
    for (FeatureId F : variableFeatures(*P))
      appendDistinct(Out, Seen,
                     S.optimal(S.restrict({Literal{F, Negative}}),
                               /*MostSelected=*/Negative));
    if (Out.empty())
      appendDistinct(Out, Seen, S.optimal(S.model(), false));
    return Out;
  }
  case SampleStrategy::PairWise:
    if (O.T < 1 || O.T > 2)
      return makeError("t-wise sampling supports t = 1 and t = 2, not " +
                       llvm::Twine(O.T));
    return TWiseSampler(*P, O.T).run();
  case SampleStrategy::Random:
    if (O.Count == 0)
      return makeError("random sampling needs a number of configurations "
                       "(random:N with N > 0)");
    return random(*P, O.Count, O.Seed);
  }
  return Out;
}

} // namespace varsim::fm
