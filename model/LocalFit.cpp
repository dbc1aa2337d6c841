//===- model/LocalFit.cpp - Local models of sparse observations -----------===//
//
// fitLocalModel (model/LocalModel.h): hierarchical least squares. The
// terms are indicator columns over the observations ("every literal of the
// term holds in this run"); a numeric feature is coded against its most
// observed value (the context's own term holds its time there, each other
// value gets a term of its own), so that every value is a value, 0 too.
//
//===----------------------------------------------------------------------===//

#include "model/LocalModel.h"

#include "model/Noise.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>

namespace varsim::model {

namespace {

using Literal = std::pair<unsigned, int64_t>;
using Assignment = std::vector<Literal>;

/// Relative size below which a column is a combination of the others.
constexpr double RankTolerance = 1e-9;

/// The critical value of F(1, Freedom): at the 5 % level for a feature's
/// effect, at the 1 % level for an interaction (tables; beyond 30 degrees
/// of freedom the limit). A few runs leave few degrees of freedom, and
/// then only a large reduction of the error is an effect.
double fCritical(long Freedom, bool Interaction) {
  static constexpr double At5[] = {161.4, 18.51, 10.13, 7.71, 6.61,
                                   5.99,  5.59,  5.32,  5.12, 4.96};
  static constexpr double At1[] = {4052,  98.50, 34.12, 21.20, 16.26,
                                   13.75, 12.25, 11.26, 10.56, 10.04};
  if (Freedom <= 0)
    return 0;
  if (Freedom <= 10)
    return (Interaction ? At1 : At5)[Freedom - 1];
  if (Freedom <= 30)
    return Interaction ? 7.56 + (10.04 - 7.56) * (30 - Freedom) / 20.0
                       : 4.17 + (4.96 - 4.17) * (30 - Freedom) / 20.0;
  return Interaction ? 6.63 : 3.84;
}

class Fit {
public:
  Fit(llvm::ArrayRef<Observation> Points, llvm::ArrayRef<bool> ByValue,
      const FitOptions &Options)
      : Options(Options) {
    // The reference value of each numeric feature: its most observed one
    // (the smallest on ties), which the context's own term carries.
    size_t Features = Points.empty() ? 0 : Points.front().Values.size();
    std::vector<std::map<int64_t, unsigned>> Seen(Features);
    for (const Observation &O : Points)
      for (size_t I = 0; I < Features && I < O.Values.size(); ++I)
        ++Seen[I][O.Values[I]];
    Reference.resize(Features);
    for (size_t I = 0; I < Features; ++I)
      if (I < ByValue.size() && ByValue[I]) {
        unsigned Best = 0;
        for (const auto &[V, N] : Seen[I])
          if (N > Best)
            Best = N, Reference[I] = V;
      }
    for (const Observation &O : Points) {
      Assignment A;
      for (unsigned I = 0; I < Features && I < O.Values.size(); ++I) {
        int64_t V = O.Values[I];
        if (Reference[I] ? V != *Reference[I] : V != 0)
          A.emplace_back(I, V);
      }
      Literals.push_back(std::move(A));
      Y.push_back(O.Seconds);
    }
  }

  std::vector<LocalTerm> run() {
    if (Y.empty())
      return {};
    // The context's own term, then each feature's effect.
    tryAdd({});
    std::set<Literal> Mains;
    for (const Assignment &A : Literals)
      Mains.insert(A.begin(), A.end());
    for (const Literal &L : Mains)
      tryAdd({L});
    solve();
    addInteractions();
    pruneInteractions();
    pruneMainEffects();
    std::vector<LocalTerm> Out;
    for (size_t K = 0; K < Terms.size(); ++K) {
      unsigned Runs = 0;
      for (size_t J = 0; J < Y.size(); ++J)
        Runs += holds(Terms[K], J);
      Out.push_back({Terms[K], Coefficients[K], Runs, {}, thresholdOf(K)});
    }
    termPerValue(Out);
    sortTermsByOrder(Out);
    return Out;
  }

private:
  const FitOptions &Options;
  /// Per numeric feature, its reference value (the most observed one).
  std::vector<std::optional<int64_t>> Reference;

  /// The first numeric feature one of whose values has a main effect in
  /// the fitted terms, with its reference value.
  std::optional<Literal>
  numericWithAnEffect(llvm::ArrayRef<LocalTerm> Out) const {
    for (unsigned I = 0; I < Reference.size(); ++I)
      if (Reference[I] && llvm::any_of(Out, [&](const LocalTerm &T) {
            return T.Assignment.size() == 1 && T.Assignment.front().first == I;
          }))
        return Literal{I, *Reference[I]};
    return std::nullopt;
  }

  /// With a numeric feature whose value changes the context's time, one
  /// term per value (as the issue asks: a value is a value, 0 too): the
  /// context's own term becomes the term of the reference value, and each
  /// other value's term carries its whole time (exactly one value holds,
  /// so predictions do not change). A numeric feature none of whose values
  /// has an effect here splits nothing: its terms would all carry the same
  /// time (Mbed TLS: `SHA256_SMALLER#FIXED_POINT_OPTIM == 0` beside an
  /// equal `... == 1`; RapidJSON: four equal terms per parse-flag value),
  /// which says less than the one term they sum to.
  void termPerValue(std::vector<LocalTerm> &Out) const {
    std::optional<Literal> FirstNumeric = numericWithAnEffect(Out);
    if (!FirstNumeric)
      return;
    auto Own = std::find_if(Out.begin(), Out.end(), [](const LocalTerm &T) {
      return T.Assignment.empty();
    });
    double Base = Own == Out.end() ? 0 : Own->Seconds;
    double BaseNoise = Own == Out.end() ? 0 : Own->NoiseSeconds;
    auto IsValueTerm = [&](const LocalTerm &T) {
      return T.Assignment.size() == 1 &&
             T.Assignment.front().first == FirstNumeric->first;
    };
    std::vector<int64_t> Covered;
    for (LocalTerm &T : Out)
      if (IsValueTerm(T)) {
        T.Seconds += Base;
        Covered.push_back(T.Assignment.front().second);
      }
    // Each observation's value of the feature (the reference value has
    // no literal).
    auto ValueIn = [&](const Assignment &A) {
      for (const Literal &L : A)
        if (L.first == FirstNumeric->first)
          return L.second;
      return FirstNumeric->second;
    };
    std::map<int64_t, unsigned> Values; // Value -> observations.
    for (const Assignment &A : Literals)
      ++Values[ValueIn(A)];
    if (Own != Out.end())
      Out.erase(Own);
    LocalTerm Others; // The values no observation had: the reference's time.
    for (const auto &[V, Runs] : Values) {
      if (std::find(Covered.begin(), Covered.end(), V) == Covered.end())
        Out.push_back({{{FirstNumeric->first, V}}, Base, Runs, {}, BaseNoise});
      Others.Unlike.emplace_back(FirstNumeric->first, V);
    }
    Others.Seconds = Base;
    Others.NoiseSeconds = BaseNoise;
    Out.push_back(std::move(Others));
    std::stable_sort(Out.begin(), Out.end(),
                     [](const LocalTerm &X, const LocalTerm &Z) {
                       if (X.Assignment.size() != Z.Assignment.size())
                         return X.Assignment.size() < Z.Assignment.size();
                       if (X.Assignment != Z.Assignment)
                         return X.Assignment < Z.Assignment;
                       return X.Unlike < Z.Unlike;
                     });
  }
  std::vector<Assignment> Literals; ///< Per observation, its literals.
  std::vector<double> Y;
  std::vector<Assignment> Terms; ///< The selected columns.
  std::vector<double> Coefficients;

  bool holds(const Assignment &Term, size_t J) const {
    return std::includes(Literals[J].begin(), Literals[J].end(), Term.begin(),
                         Term.end());
  }

  std::vector<double> column(const Assignment &Term) const {
    std::vector<double> C(Y.size());
    for (size_t J = 0; J < Y.size(); ++J)
      C[J] = holds(Term, J) ? 1 : 0;
    return C;
  }

  /// An orthonormal basis of the selected columns (Gram-Schmidt).
  std::vector<std::vector<double>> basis() const {
    std::vector<std::vector<double>> Q;
    for (const Assignment &T : Terms) {
      std::vector<double> V = column(T);
      orthogonalize(V, Q);
      double Norm = norm(V);
      if (Norm > 0)
        for (double &X : V)
          X /= Norm;
      Q.push_back(std::move(V));
    }
    return Q;
  }

  static double dot(const std::vector<double> &A,
                    const std::vector<double> &B) {
    double S = 0;
    for (size_t J = 0; J < A.size(); ++J)
      S += A[J] * B[J];
    return S;
  }
  static double norm(const std::vector<double> &A) {
    return std::sqrt(dot(A, A));
  }
  static void orthogonalize(std::vector<double> &V,
                            const std::vector<std::vector<double>> &Q) {
    for (int Pass = 0; Pass < 2; ++Pass) // Twice: numerically stable.
      for (const std::vector<double> &B : Q) {
        double D = dot(V, B);
        for (size_t J = 0; J < V.size(); ++J)
          V[J] -= D * B[J];
      }
  }

  /// Adds Term if the observations tell it apart from the selected ones.
  bool tryAdd(const Assignment &Term) {
    std::vector<double> V = column(Term);
    double Before = norm(V);
    if (Before == 0)
      return false;
    orthogonalize(V, basis());
    if (norm(V) <= RankTolerance * Before * std::sqrt(double(Y.size())))
      return false;
    Terms.push_back(Term);
    return true;
  }

  /// Least squares over the selected columns (full rank by construction):
  /// the normal equations, by Gaussian elimination with partial pivoting.
  void solve() {
    size_t P = Terms.size();
    std::vector<std::vector<double>> X;
    for (const Assignment &T : Terms)
      X.push_back(column(T));
    std::vector<std::vector<double>> A(P, std::vector<double>(P + 1, 0));
    for (size_t I = 0; I < P; ++I) {
      for (size_t K = 0; K < P; ++K)
        A[I][K] = dot(X[I], X[K]);
      A[I][P] = dot(X[I], Y);
    }
    for (size_t C = 0; C < P; ++C) {
      size_t Pivot = C;
      for (size_t R = C + 1; R < P; ++R)
        if (std::abs(A[R][C]) > std::abs(A[Pivot][C]))
          Pivot = R;
      std::swap(A[C], A[Pivot]);
      if (A[C][C] == 0)
        continue;
      for (size_t R = 0; R < P; ++R) {
        if (R == C)
          continue;
        double F = A[R][C] / A[C][C];
        for (size_t K = C; K <= P; ++K)
          A[R][K] -= F * A[C][K];
      }
    }
    Coefficients.assign(P, 0);
    for (size_t I = 0; I < P; ++I)
      Coefficients[I] = A[I][I] == 0 ? 0 : A[I][P] / A[I][I];
  }

  std::vector<double> residuals() const {
    std::vector<double> R = Y;
    for (size_t K = 0; K < Terms.size(); ++K)
      for (size_t J = 0; J < Y.size(); ++J)
        if (holds(Terms[K], J))
          R[J] -= Coefficients[K];
    return R;
  }

  double squaredError() const {
    std::vector<double> R = residuals();
    return dot(R, R);
  }

  /// Degrees of freedom left: observations minus terms (repeated points
  /// measure the noise).
  long freedom() const {
    return static_cast<long>(Y.size()) - static_cast<long>(Terms.size());
  }

  /// The noise of a term of Size features (FitOptions::NoisePerOrder).
  double noiseOf(size_t Size) const {
    return Options.NoiseSeconds *
           std::pow(Options.NoisePerOrder,
                    static_cast<double>(Size > 1 ? Size - 1 : 0));
  }

  /// The standard error of a coefficient in units of one observation's:
  /// 1 / |the part of its column that the other columns do not span|
  /// (sqrt((X'X)^-1 kk); Frisch-Waugh-Lovell). 2 runs of a feature's effect
  /// give sqrt 2, 3 against 3 sqrt(2/3), the 2^k runs of an interaction of
  /// k features sqrt(2^k).
  static double spreadOf(double ResidualNorm) {
    return ResidualNorm > 0 ? 1 / ResidualNorm
                            : std::numeric_limits<double>::infinity();
  }

  /// The selected term K's spread (spreadOf): its column against the
  /// basis of the other selected columns.
  double spread(size_t K) const {
    std::vector<std::vector<double>> Q;
    for (size_t I = 0; I < Terms.size(); ++I) {
      if (I == K)
        continue;
      std::vector<double> V = column(Terms[I]);
      orthogonalize(V, Q);
      double Norm = norm(V);
      if (Norm <= RankTolerance)
        continue;
      for (double &X : V)
        X /= Norm;
      Q.push_back(std::move(V));
    }
    std::vector<double> V = column(Terms[K]);
    orthogonalize(V, Q);
    return spreadOf(norm(V));
  }

  /// What the coefficient of a term of Size features, of the given
  /// spread, must exceed to be no noise: NoiseZ standard errors of its
  /// estimate when the repetitions measured one observation's, else the
  /// fixed noise of its order.
  double threshold(size_t Size, double Spread) const {
    if (Options.StandardErrorSeconds > 0)
      return std::max(Options.FloorSeconds,
                      NoiseZ * Options.StandardErrorSeconds * Spread);
    return noiseOf(Size);
  }

  double thresholdOf(size_t K) const {
    return threshold(Terms[K].size(), spread(K));
  }

  /// Whether the term at K is an effect: beyond the noise and, with
  /// degrees of freedom left, significant (F test of dropping it).
  bool significant(size_t K, bool Interaction) {
    if (std::abs(Coefficients[K]) <= thresholdOf(K))
      return false;
    // The error variance of the F test: the residual's, pooled with the
    // repetitions' (pure error) when they measured it. A sparse plan
    // leaves a context one or two residual degrees of freedom, an F(1, 1)
    // critical value of 161: Lua's interpreter loop, copied for
    // LUA_USE_JUMPTABLE = 0 and run 3 times, lost HARDSTACKTESTS' +0.32 s
    // to it and was predicted as its runs' mean, those variants 28-44 %
    // off (LocalFit.FewResidualFreedomsPoolTheRepetitionsNoise).
    long Free = freedom();
    long Repeated = Options.StandardErrorSeconds > 0
                        ? static_cast<long>(Options.StandardErrorFreedom)
                        : 0;
    if (Free + Repeated <= 0)
      return !Interaction || Options.NoiseMeasured;
    double With = squaredError();
    std::vector<Assignment> Saved = Terms;
    std::vector<double> SavedCoefficients = Coefficients;
    Terms.erase(Terms.begin() + static_cast<long>(K));
    solve();
    double Without = squaredError();
    Terms = std::move(Saved);
    Coefficients = std::move(SavedCoefficients);
    double PureError = Options.StandardErrorSeconds *
                       Options.StandardErrorSeconds *
                       static_cast<double>(Repeated);
    double PerFreedom = (std::max(With, 0.0) + PureError) /
                        static_cast<double>(Free + Repeated);
    return PerFreedom <= 0 || (Without - With) / PerFreedom >
                                  fCritical(Free + Repeated, Interaction);
  }

  /// Drops, weakest first, the features' effects that are noise.
  void pruneMainEffects() {
    while (true) {
      std::optional<size_t> Weakest;
      for (size_t K = 0; K < Terms.size(); ++K) {
        if (Terms[K].size() != 1 || inInteraction(Terms[K].front()) ||
            significant(K, /*Interaction=*/false))
          continue;
        if (!Weakest ||
            std::abs(Coefficients[K]) < std::abs(Coefficients[*Weakest]))
          Weakest = K;
      }
      if (!Weakest)
        return;
      Terms.erase(Terms.begin() + static_cast<long>(*Weakest));
      solve();
    }
  }

  /// Interactions, greedily: the one that explains most of the residual,
  /// while one would have a coefficient beyond the noise of its order
  /// (pruneInteractions then keeps the effects). Not while a residual is
  /// beyond noise: over the 2^k runs of k features the main effects leave
  /// an interaction c as a residual of c / 2^k in every run, so a real
  /// interaction four times the noise stayed unfitted, the F test then
  /// counted it as error and dropped the main effects too (a clamp that
  /// costs per filter pass, times a pass count set by another feature: the
  /// context came out as its mean, 59 % off).
  void addInteractions() {
    std::set<Assignment> Candidates;
    for (const Assignment &A : Literals) {
      size_t N = A.size();
      if (N < 2 || N > 16)
        continue;
      for (uint32_t Mask = 0; Mask < (1u << N); ++Mask) {
        unsigned Size = static_cast<unsigned>(__builtin_popcount(Mask));
        if (Size < 2 || Size > Options.MaxOrder)
          continue;
        Assignment S;
        for (size_t I = 0; I < N; ++I)
          if (Mask & (1u << I))
            S.push_back(A[I]);
        Candidates.insert(std::move(S));
      }
    }
    while (!Candidates.empty()) {
      std::vector<double> R = residuals();
      double Largest = 0;
      for (double X : R)
        Largest = std::max(Largest, std::abs(X));
      if (Largest == 0)
        return;
      std::vector<std::vector<double>> Q = basis();
      std::optional<Assignment> Best;
      double BestGain = 0;
      for (const Assignment &C : Candidates) {
        std::vector<double> V = column(C);
        double Before = norm(V);
        orthogonalize(V, Q);
        double N = norm(V);
        if (N <= RankTolerance * Before * std::sqrt(double(Y.size())))
          continue;
        // Its coefficient once added (Frisch-Waugh-Lovell: the residual's
        // regression on the part of its column the others do not span).
        if (std::abs(dot(V, R) / (N * N)) <= threshold(C.size(), spreadOf(N)))
          continue;
        double Gain = dot(V, R) * dot(V, R) / (N * N);
        if (Gain > BestGain)
          BestGain = Gain, Best = C;
      }
      if (!Best)
        return;
      Candidates.erase(*Best);
      Terms.push_back(*Best);
      solve();
    }
  }

  bool inInteraction(const Literal &L) const {
    return std::any_of(Terms.begin(), Terms.end(), [&](const Assignment &T) {
      return T.size() > 1 && std::find(T.begin(), T.end(), L) != T.end();
    });
  }

  /// Backward elimination of the interactions the forward pass added:
  /// highest order first, the weakest of those that are not effects (not
  /// beyond the noise, or failing the F test against the rest), keeping
  /// a term that a kept higher-order term contains (hierarchy). Testing
  /// each against the full model, not in the order they were added, does
  /// not drop a real interaction whose partner is not fitted yet.
  void pruneInteractions() {
    while (true) {
      std::optional<size_t> Weakest;
      for (size_t K = 0; K < Terms.size(); ++K) {
        if (Terms[K].size() < 2)
          continue;
        bool Contained = false;
        for (const Assignment &T : Terms)
          Contained |= T.size() > Terms[K].size() &&
                       std::includes(T.begin(), T.end(), Terms[K].begin(),
                                     Terms[K].end());
        if (Contained || significant(K, /*Interaction=*/true))
          continue;
        if (!Weakest || Terms[K].size() > Terms[*Weakest].size() ||
            (Terms[K].size() == Terms[*Weakest].size() &&
             std::abs(Coefficients[K]) < std::abs(Coefficients[*Weakest])))
          Weakest = K;
      }
      if (!Weakest)
        return;
      Terms.erase(Terms.begin() + static_cast<long>(*Weakest));
      solve();
    }
  }
};

} // namespace

std::vector<LocalTerm> fitLocalModel(llvm::ArrayRef<Observation> Points,
                                     llvm::ArrayRef<bool> ByValue,
                                     const FitOptions &Options) {
  return Fit(Points, ByValue, Options).run();
}

} // namespace varsim::model
