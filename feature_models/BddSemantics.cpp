//===- feature_models/BddSemantics.cpp - A feature model as a BDD ---------===//

#include "feature_models/BddSemantics.h"

#include "support/Diagnostic.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace varsim::fm {

namespace {
bool isTerminal(int Node) { return Node < 2; }
} // namespace

BddSemantics::BddSemantics(const std::vector<Feature> &Fs)
    : NumFeatures(Fs.size()) {
  for (FeatureId F = 0; F < Fs.size(); ++F)
    ByName[Fs[F].Name] = F;
  FeatureVar.resize(Fs.size());
  ValueVar.assign(Fs.size(), -1);
  Values.resize(Fs.size());
  Defaults.resize(Fs.size());
  for (FeatureId F = 0; F < Fs.size(); ++F) {
    FeatureVar[F] = static_cast<int>(NumVars++);
    OwnerOfVar.push_back(F);
    IsValueVar.push_back(false);
    if (Fs[F].Kind != FeatureKind::Numeric)
      continue;
    Values[F] = Fs[F].Values;
    Defaults[F] = Fs[F].DefaultValue;
    ValueVar[F] = static_cast<int>(NumVars);
    for (size_t I = 0; I < Fs[F].Values.size(); ++I) {
      ++NumVars;
      OwnerOfVar.push_back(F);
      IsValueVar.push_back(true);
    }
  }
}

BddSemantics::~BddSemantics() {
  std::lock_guard<std::recursive_mutex> Guard(buddy::lock());
  Model = bddfalse;
}

bdd BddSemantics::exactlyOrAtMostOne(const std::vector<bdd> &Ops,
                                     bool Exactly) const {
  // None: no operand so far is true; One: exactly one is. Linear in size.
  bdd None = bddtrue, One = bddfalse;
  for (const bdd &Op : Ops) {
    One = (One & !Op) | (None & Op);
    None &= !Op;
  }
  return Exactly ? One : (One | None);
}

bdd BddSemantics::toBdd(const condition::Cond &E) const {
  using condition::Cond;
  auto Operand = [&](size_t I) { return toBdd(*E.Operands[I]); };
  switch (E.K) {
  case Cond::Int:
    return E.Value ? bddtrue : bddfalse;
  case Cond::Ident: {
    auto It = ByName.find(E.Name);
    return It == ByName.end() ? bddfalse : bdd_ithvar(FeatureVar[It->second]);
  }
  case Cond::Unary:
    return !Operand(0);
  case Cond::Binary:
    if (E.Op == "&&")
      return Operand(0) & Operand(1);
    if (E.Op == "||")
      return Operand(0) | Operand(1);
    if (E.Op == "=>")
      return Operand(0) >> Operand(1);
    return bdd_apply(Operand(0), Operand(1), bddop_biimp); // <=>
  case Cond::Call: {
    std::vector<bdd> Ops;
    for (size_t I = 0; I < E.Operands.size(); ++I)
      Ops.push_back(Operand(I));
    return exactlyOrAtMostOne(Ops, /*Exactly=*/false);
  }
  default: // The readers build no other node.
    return bddfalse;
  }
}

llvm::Expected<std::unique_ptr<BddSemantics>>
BddSemantics::build(const std::vector<Feature> &Fs,
                    const std::vector<Constraint> &Constraints) {
  std::lock_guard<std::recursive_mutex> Guard(buddy::lock());
  std::unique_ptr<BddSemantics> S(new BddSemantics(Fs));
  buddy::ensureVariables(static_cast<int>(S->NumVars));
  auto Var = [&](FeatureId F) { return bdd_ithvar(S->FeatureVar[F]); };

  bdd M = Var(0);
  for (FeatureId F = 0; F < Fs.size(); ++F) {
    const Feature &Feat = Fs[F];
    if (Feat.Parent)
      M &= Var(F) >> Var(*Feat.Parent);
    if (!Feat.Children.empty()) {
      std::vector<bdd> Kids;
      for (FeatureId C : Feat.Children)
        Kids.push_back(Var(C));
      switch (Feat.ChildGroup) {
      case GroupKind::And:
        for (FeatureId C : Feat.Children)
          if (Fs[C].Mandatory)
            M &= Var(F) >> Var(C);
        break;
      case GroupKind::Or: {
        bdd Any = bddfalse;
        for (const bdd &K : Kids)
          Any |= K;
        M &= Var(F) >> Any;
        break;
      }
      case GroupKind::Alternative:
        M &= Var(F) >> S->exactlyOrAtMostOne(Kids, /*Exactly=*/true);
        break;
      }
    }
    if (Feat.Kind == FeatureKind::Numeric) {
      // Selected iff exactly one value variable is set.
      std::vector<bdd> Vals;
      bdd Any = bddfalse;
      for (size_t I = 0; I < Feat.Values.size(); ++I) {
        Vals.push_back(bdd_ithvar(S->ValueVar[F] + static_cast<int>(I)));
        Any |= Vals.back();
      }
      M &= S->exactlyOrAtMostOne(Vals, /*Exactly=*/false);
      M &= bdd_apply(Var(F), Any, bddop_biimp);
    }
  }
  for (const Constraint &C : Constraints)
    M &= S->toBdd(*C.E);
  if (std::optional<std::string> Err = buddy::takeError())
    return makeError(*Err);
  S->Model = M;
  return S;
}

bdd BddSemantics::literal(Literal L) const {
  std::lock_guard<std::recursive_mutex> Guard(buddy::lock());
  if (L.Feature >= NumFeatures)
    return bddfalse;
  return L.Negated ? bdd_nithvar(FeatureVar[L.Feature])
                   : bdd_ithvar(FeatureVar[L.Feature]);
}

bdd BddSemantics::restrict(llvm::ArrayRef<Literal> Required) const {
  std::lock_guard<std::recursive_mutex> Guard(buddy::lock());
  bdd R = Model;
  for (Literal L : Required)
    R &= literal(L);
  return R;
}

double BddSemantics::countBelow(int Node, CountCache &Counts) const {
  if (Node == 0)
    return 0;
  if (Node == 1)
    return 1;
  auto It = Counts.find(Node);
  if (It != Counts.end())
    return It->second;
  int V = bdd_var(Node);
  auto Weighted = [&](int Child) {
    int ChildLevel =
        isTerminal(Child) ? static_cast<int>(NumVars) : bdd_var(Child);
    return countBelow(Child, Counts) * std::ldexp(1.0, ChildLevel - V - 1);
  };
  double N = Weighted(bdd_low(Node)) + Weighted(bdd_high(Node));
  Counts.emplace(Node, N);
  return N;
}

double BddSemantics::count(const bdd &Set) const {
  std::lock_guard<std::recursive_mutex> Guard(buddy::lock());
  CountCache Counts;
  int Root = Set.id();
  int RootLevel = isTerminal(Root) ? static_cast<int>(NumVars) : bdd_var(Root);
  return countBelow(Root, Counts) * std::ldexp(1.0, RootLevel);
}

Configuration BddSemantics::decode(const std::vector<char> &A) const {
  Configuration C;
  C.Selected.assign(NumFeatures, false);
  C.Values.assign(NumFeatures, 0);
  for (FeatureId F = 0; F < NumFeatures; ++F) {
    C.Selected[F] = A[FeatureVar[F]] != 0;
    if (ValueVar[F] < 0 || !C.Selected[F])
      continue;
    for (size_t I = 0; I < Values[F].size(); ++I)
      if (A[ValueVar[F] + I])
        C.Values[F] = Values[F][I];
  }
  return C;
}

bool BddSemantics::enumerate(
    int Node, unsigned Level, std::vector<char> &A,
    const std::function<bool(const Configuration &)> &Visit) const {
  if (Node == 0)
    return true;
  if (Level == NumVars)
    return Visit(decode(A));
  bool AtNode = !isTerminal(Node) && bdd_var(Node) == static_cast<int>(Level);
  // Feature variables: deselected first; value variables: set first, so
  // that numeric values come in ascending order.
  char First = IsValueVar[Level] ? 1 : 0;
  for (char Value : {First, static_cast<char>(1 - First)}) {
    A[Level] = Value;
    int Next = AtNode ? (Value ? bdd_high(Node) : bdd_low(Node)) : Node;
    if (!enumerate(Next, Level + 1, A, Visit))
      return false;
  }
  return true;
}

bool BddSemantics::forEach(
    const bdd &Set,
    const std::function<bool(const Configuration &)> &Visit) const {
  std::unique_lock<std::recursive_mutex> Guard(buddy::lock());
  bdd Keep = Set;
  std::vector<char> A(NumVars, 0);
  return enumerate(Keep.id(), 0, A, Visit);
}

BddSemantics::Possible BddSemantics::possible(const bdd &Set) const {
  std::lock_guard<std::recursive_mutex> Guard(buddy::lock());
  std::vector<char> CanZero(NumVars, 0), CanOne(NumVars, 0);
  // Levels skipped by an edge are free: a difference array marks them.
  std::vector<int> Free(NumVars + 1, 0);
  auto Skip = [&](int From, int To) {
    if (From < To) {
      ++Free[From];
      --Free[To];
    }
  };
  auto LevelOf = [&](int Node) {
    return isTerminal(Node) ? static_cast<int>(NumVars) : bdd_var(Node);
  };
  int Root = Set.id();
  if (Root != 0) {
    Skip(0, LevelOf(Root));
    std::vector<int> Stack{Root};
    if (Visited.size() < static_cast<size_t>(bdd_getallocnum()))
      Visited.assign(bdd_getallocnum(), 0);
    if (++Visit == 0) {
      std::fill(Visited.begin(), Visited.end(), 0);
      Visit = 1;
    }
    auto Mark = [&](int Node) {
      if (Visited[Node] == Visit)
        return false;
      Visited[Node] = Visit;
      return true;
    };
    Mark(Root);
    while (!Stack.empty()) {
      int N = Stack.back();
      Stack.pop_back();
      if (isTerminal(N))
        continue;
      int V = bdd_var(N);
      for (int Branch = 0; Branch < 2; ++Branch) {
        int Child = Branch ? bdd_high(N) : bdd_low(N);
        if (Child == 0)
          continue;
        (Branch ? CanOne : CanZero)[V] = 1;
        Skip(V + 1, LevelOf(Child));
        if (Mark(Child))
          Stack.push_back(Child);
      }
    }
  }
  int Running = 0;
  for (unsigned L = 0; L < NumVars; ++L) {
    Running += Free[L];
    if (Running > 0)
      CanZero[L] = CanOne[L] = 1;
  }
  Possible P;
  P.CanSelect.resize(NumFeatures);
  P.CanDeselect.resize(NumFeatures);
  for (FeatureId F = 0; F < NumFeatures; ++F) {
    P.CanSelect[F] = CanOne[FeatureVar[F]];
    P.CanDeselect[F] = CanZero[FeatureVar[F]];
  }
  return P;
}

std::optional<Configuration> BddSemantics::optimal(const bdd &Set,
                                                   bool MostSelected) const {
  std::lock_guard<std::recursive_mutex> Guard(buddy::lock());
  int Root = Set.id();
  if (Root == 0)
    return std::nullopt;
  // Cost of setting each variable: features count one unit each (sign by
  // goal); a numeric value other than the default costs a little.
  constexpr int64_t Unit = int64_t(1) << 24;
  std::vector<int64_t> Weight(NumVars);
  for (unsigned V = 0; V < NumVars; ++V) {
    FeatureId F = OwnerOfVar[V];
    if (!IsValueVar[V])
      Weight[V] = MostSelected ? -Unit : Unit;
    else
      Weight[V] = Values[F][V - ValueVar[F]] == Defaults[F] ? 0 : 1;
  }
  // Best cost of the free levels [From, To).
  std::vector<int64_t> FreePrefix(NumVars + 1, 0);
  for (unsigned V = 0; V < NumVars; ++V)
    FreePrefix[V + 1] = FreePrefix[V] + std::min<int64_t>(0, Weight[V]);
  auto LevelOf = [&](int Node) {
    return isTerminal(Node) ? static_cast<int>(NumVars) : bdd_var(Node);
  };
  auto FreeCost = [&](int From, int To) {
    return FreePrefix[To] - FreePrefix[From];
  };
  constexpr int64_t Infinite = std::numeric_limits<int64_t>::max() / 4;
  std::unordered_map<int, int64_t> Best;
  std::function<int64_t(int)> CostOf = [&](int N) -> int64_t {
    if (N == 0)
      return Infinite;
    if (N == 1)
      return 0;
    if (auto It = Best.find(N); It != Best.end())
      return It->second;
    int V = bdd_var(N);
    int Lo = bdd_low(N), Hi = bdd_high(N);
    int64_t Low =
        Lo == 0 ? Infinite : FreeCost(V + 1, LevelOf(Lo)) + CostOf(Lo);
    int64_t High = Hi == 0
                       ? Infinite
                       : Weight[V] + FreeCost(V + 1, LevelOf(Hi)) + CostOf(Hi);
    int64_t C = std::min(Low, High);
    Best.emplace(N, C);
    return C;
  };
  std::vector<char> A(NumVars, 0);
  auto FillFree = [&](int From, int To) {
    for (int L = From; L < To; ++L)
      A[L] = Weight[L] < 0;
  };
  FillFree(0, LevelOf(Root));
  for (int N = Root; !isTerminal(N);) {
    int V = bdd_var(N);
    int Lo = bdd_low(N), Hi = bdd_high(N);
    int64_t Low =
        Lo == 0 ? Infinite : FreeCost(V + 1, LevelOf(Lo)) + CostOf(Lo);
    int64_t High = Hi == 0
                       ? Infinite
                       : Weight[V] + FreeCost(V + 1, LevelOf(Hi)) + CostOf(Hi);
    bool TakeHigh = High < Low;
    A[V] = TakeHigh;
    int Next = TakeHigh ? Hi : Lo;
    FillFree(V + 1, LevelOf(Next));
    N = Next;
  }
  return decode(A);
}

std::optional<Configuration>
BddSemantics::drawUniform(const bdd &Set, std::mt19937_64 &Rng,
                          CountCache &Counts) const {
  std::lock_guard<std::recursive_mutex> Guard(buddy::lock());
  int Root = Set.id();
  if (Root == 0)
    return std::nullopt;
  // A double in [0, 1) from 53 random bits: the same on every platform.
  auto Unit = [&] { return static_cast<double>(Rng() >> 11) * 0x1.0p-53; };
  auto LevelOf = [&](int Node) {
    return isTerminal(Node) ? static_cast<int>(NumVars) : bdd_var(Node);
  };
  std::vector<char> A(NumVars, 0);
  auto FillFree = [&](int From, int To) {
    for (int L = From; L < To; ++L)
      A[L] = static_cast<char>(Rng() >> 63);
  };
  FillFree(0, LevelOf(Root));
  for (int N = Root; !isTerminal(N);) {
    int V = bdd_var(N);
    int Lo = bdd_low(N), Hi = bdd_high(N);
    double Low = countBelow(Lo, Counts) * std::ldexp(1.0, LevelOf(Lo) - V - 1);
    double High = countBelow(Hi, Counts) * std::ldexp(1.0, LevelOf(Hi) - V - 1);
    bool TakeHigh = Unit() * (Low + High) >= Low;
    if (Low == 0)
      TakeHigh = true;
    if (High == 0)
      TakeHigh = false;
    A[V] = TakeHigh;
    int Next = TakeHigh ? Hi : Lo;
    FillFree(V + 1, LevelOf(Next));
    N = Next;
  }
  return decode(A);
}

} // namespace varsim::fm
