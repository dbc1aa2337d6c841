//===- condition/Condition.cpp - Building and reading conditions ----------===//

#include "condition/Condition.h"
#include "condition/Operators.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace varsim::condition {

int binaryPrecedence(llvm::StringRef Op) {
  return llvm::StringSwitch<int>(Op)
      .Cases("*", "/", "%", 10)
      .Cases("+", "-", 9)
      .Cases("<<", ">>", 8)
      .Cases("<", "<=", ">", ">=", 7)
      .Cases("==", "!=", 6)
      .Case("&", 5)
      .Case("^", 4)
      .Case("|", 3)
      .Case("&&", 2)
      .Case("||", 1)
      .Case("=>", -1)
      .Case("<=>", -2)
      .Default(-100);
}

int64_t applyBinary(llvm::StringRef Op, int64_t A, int64_t B) {
  if (Op == "*")
    return A * B;
  if (Op == "/")
    return B ? A / B : 0;
  if (Op == "%")
    return B ? A % B : 0;
  if (Op == "+")
    return A + B;
  if (Op == "-")
    return A - B;
  if (Op == "<<")
    return A << (B & 63);
  if (Op == ">>")
    return A >> (B & 63);
  if (Op == "<")
    return A < B;
  if (Op == "<=")
    return A <= B;
  if (Op == ">")
    return A > B;
  if (Op == ">=")
    return A >= B;
  if (Op == "==")
    return A == B;
  if (Op == "!=")
    return A != B;
  if (Op == "&")
    return A & B;
  if (Op == "^")
    return A ^ B;
  if (Op == "|")
    return A | B;
  if (Op == "&&")
    return A && B;
  if (Op == "||")
    return A || B;
  if (Op == "=>")
    return !A || B;
  if (Op == "<=>")
    return (A != 0) == (B != 0);
  return 0;
}

namespace {
CondPtr node(Cond::Kind K, std::string Op, std::vector<CondPtr> Operands) {
  auto N = std::make_shared<Cond>();
  N->K = K;
  N->Op = std::move(Op);
  N->Operands = std::move(Operands);
  return N;
}

CondPtr named(Cond::Kind K, llvm::StringRef Name) {
  auto N = std::make_shared<Cond>();
  N->K = K;
  N->Name = Name.str();
  return N;
}

bool isInt(const Cond &E, int64_t V) {
  return E.K == Cond::Int && E.Value == V;
}
} // namespace

CondPtr makeInt(int64_t V) {
  auto N = std::make_shared<Cond>();
  N->K = Cond::Int;
  N->Value = V;
  return N;
}

CondPtr makeDefined(llvm::StringRef Macro) {
  return named(Cond::Defined, Macro);
}

CondPtr makeIdent(llvm::StringRef Macro) { return named(Cond::Ident, Macro); }

CondPtr makeNot(CondPtr E) {
  // A test the resolver settled (`#if defined(UNSET)` read as 0) negated
  // in a later branch's presence: `!0 && F` would reach the manifest and
  // the model's terms as written.
  if (E->K == Cond::Int)
    return makeInt(E->Value == 0 ? 1 : 0);
  if (E->K == Cond::Unary && E->Op == "!" &&
      (E->Operands[0]->K == Cond::Defined ||
       (E->Operands[0]->K == Cond::Unary && E->Operands[0]->Op == "!")))
    return E->Operands[0];
  return makeUnary("!", std::move(E));
}

CondPtr makeAnd(const std::vector<CondPtr> &Operands) {
  CondPtr Result;
  for (const CondPtr &E : Operands) {
    if (isInt(*E, 1))
      continue;
    Result = Result ? makeBinary("&&", Result, E) : E;
  }
  return Result ? Result : makeInt(1);
}

CondPtr makeOr(const std::vector<CondPtr> &Operands) {
  CondPtr Result;
  for (const CondPtr &E : Operands) {
    if (isInt(*E, 0))
      continue;
    Result = Result ? makeBinary("||", Result, E) : E;
  }
  return Result ? Result : makeInt(0);
}

CondPtr makeUnary(llvm::StringRef Op, CondPtr E) {
  return node(Cond::Unary, Op.str(), {std::move(E)});
}

CondPtr makeBinary(llvm::StringRef Op, CondPtr L, CondPtr R) {
  return node(Cond::Binary, Op.str(), {std::move(L), std::move(R)});
}

CondPtr makeTernary(CondPtr C, CondPtr T, CondPtr F) {
  return node(Cond::Ternary, "", {std::move(C), std::move(T), std::move(F)});
}

CondPtr makeCall(llvm::StringRef Name, std::vector<CondPtr> Arguments) {
  auto N = std::make_shared<Cond>();
  N->K = Cond::Call;
  N->Name = Name.str();
  N->Operands = std::move(Arguments);
  return N;
}

bool sameCondition(const Cond &A, const Cond &B) {
  if (&A == &B)
    return true;
  if (A.K != B.K || A.Value != B.Value || A.Name != B.Name || A.Op != B.Op ||
      A.Operands.size() != B.Operands.size())
    return false;
  for (size_t I = 0; I < A.Operands.size(); ++I)
    if (!sameCondition(*A.Operands[I], *B.Operands[I]))
      return false;
  return true;
}

size_t conditionSize(const Cond &E) {
  size_t N = 1;
  for (const CondPtr &O : E.Operands)
    N += conditionSize(*O);
  return N;
}

bool isBooleanValued(const Cond &E) {
  switch (E.K) {
  case Cond::Int:
    return E.Value == 0 || E.Value == 1;
  case Cond::Defined:
    return true;
  case Cond::Call:
    return E.Name == AtMostOne;
  case Cond::Ident:
    return false;
  case Cond::Unary:
    return E.Op == "!";
  case Cond::Binary:
    return llvm::is_contained(
        std::initializer_list<llvm::StringRef>{"&&", "||", "==", "!=", "<",
                                               "<=", ">", ">=", "=>", "<=>"},
        E.Op);
  case Cond::Ternary:
    return isBooleanValued(*E.Operands[1]) && isBooleanValued(*E.Operands[2]);
  }
  return false;
}

int conditionPrecedence(const Cond &E) {
  switch (E.K) {
  case Cond::Binary:
    return binaryPrecedence(E.Op);
  case Cond::Unary:
    return UnaryPrecedence;
  case Cond::Ternary:
    return 0;
  default:
    return OperandPrecedence;
  }
}

void collectMacros(const Cond &E, std::set<std::string> &Out) {
  if (E.K == Cond::Ident || E.K == Cond::Defined || E.K == Cond::Call)
    Out.insert(E.Name);
  for (const CondPtr &O : E.Operands)
    collectMacros(*O, Out);
}

std::vector<std::string> namesOf(const Cond &E) {
  std::vector<std::string> Out;
  std::function<void(const Cond &)> Walk = [&](const Cond &N) {
    if (N.K == Cond::Ident && !llvm::is_contained(Out, N.Name))
      Out.push_back(N.Name);
    for (const CondPtr &O : N.Operands)
      Walk(*O);
  };
  Walk(E);
  return Out;
}

int64_t evaluate(const Cond &E, const MacroValues &Values) {
  switch (E.K) {
  case Cond::Int:
    return E.Value;
  case Cond::Ident:
    return Values(E.Name).value_or(0);
  case Cond::Defined:
    return Values(E.Name).has_value();
  case Cond::Unary: {
    int64_t V = evaluate(*E.Operands[0], Values);
    if (E.Op == "!")
      return !V;
    if (E.Op == "-")
      return -V;
    if (E.Op == "~")
      return ~V;
    return V;
  }
  case Cond::Binary: {
    int64_t A = evaluate(*E.Operands[0], Values);
    if (E.Op == "&&" && !A)
      return 0;
    if (E.Op == "||" && A)
      return 1;
    return applyBinary(E.Op, A, evaluate(*E.Operands[1], Values));
  }
  case Cond::Ternary:
    return evaluate(*E.Operands[0], Values) ? evaluate(*E.Operands[1], Values)
                                            : evaluate(*E.Operands[2], Values);
  case Cond::Call: {
    // An unresolved function-like macro is unknown to the conditions.
    if (E.Name != AtMostOne)
      return 0;
    unsigned True = 0;
    for (const CondPtr &O : E.Operands)
      True += evaluate(*O, Values) != 0;
    return True <= 1;
  }
  }
  return 0;
}

int64_t evaluatePresence(const Cond &E,
                         llvm::function_ref<int64_t(llvm::StringRef)> ValueOf) {
  return evaluate(E, [&](llvm::StringRef Name) -> std::optional<int64_t> {
    int64_t V = ValueOf(Name);
    return V ? std::optional<int64_t>(V) : std::nullopt;
  });
}

std::optional<std::vector<MacroLiteral>> asConjunction(const Cond &E) {
  std::vector<MacroLiteral> Out;
  std::function<bool(const Cond &)> Walk = [&](const Cond &N) {
    if (N.K == Cond::Binary && N.Op == "&&")
      return Walk(*N.Operands[0]) && Walk(*N.Operands[1]);
    if (N.K == Cond::Int)
      return N.Value != 0;
    if (N.K == Cond::Defined || N.K == Cond::Ident) {
      Out.push_back({N.Name, false});
      return true;
    }
    if (N.K == Cond::Unary && N.Op == "!" &&
        (N.Operands[0]->K == Cond::Defined ||
         N.Operands[0]->K == Cond::Ident)) {
      Out.push_back({N.Operands[0]->Name, true});
      return true;
    }
    return false;
  };
  if (!Walk(E))
    return std::nullopt;
  return Out;
}

bool isLiteral(const Cond &E) {
  return E.K == Cond::Ident ||
         (E.K == Cond::Unary && E.Op == "!" && E.Operands[0]->K == Cond::Ident);
}

namespace {
/// The comparison that is true exactly when Op is false, or "".
llvm::StringRef negatedComparison(llvm::StringRef Op) {
  return llvm::StringSwitch<llvm::StringRef>(Op)
      .Case("==", "!=")
      .Case("!=", "==")
      .Case("<", ">=")
      .Case("<=", ">")
      .Case(">", "<=")
      .Case(">=", "<")
      .Default("");
}

void addConjuncts(const CondPtr &E, bool Negate, std::vector<CondPtr> &Out) {
  const Cond &N = *E;
  switch (N.K) {
  case Cond::Int:
    if ((N.Value != 0) == Negate)
      Out.push_back(makeInt(0));
    return;
  case Cond::Ident:
    Out.push_back(Negate ? makeUnary("!", E) : E);
    return;
  case Cond::Unary:
    if (N.Op == "!")
      return addConjuncts(N.Operands[0], !Negate, Out);
    break;
  case Cond::Binary: {
    // !(A && B) and A || B are disjunctions: one conjunct.
    if ((N.Op == "&&" && !Negate) || (N.Op == "||" && Negate)) {
      addConjuncts(N.Operands[0], Negate, Out);
      addConjuncts(N.Operands[1], Negate, Out);
      return;
    }
    llvm::StringRef Flipped = negatedComparison(N.Op);
    if (!Flipped.empty()) {
      Out.push_back(Negate ? makeBinary(Flipped, N.Operands[0], N.Operands[1])
                           : E);
      return;
    }
    break;
  }
  default:
    break;
  }
  Out.push_back(Negate ? makeUnary("!", E) : E);
}
} // namespace

static void addFixedFeatures(const Cond &C, FixedFeatures &Out) {
  auto IsIdent = [](const CondPtr &E) { return E->K == Cond::Ident; };
  auto IsInt = [](const CondPtr &E) { return E->K == Cond::Int; };
  if (C.K == Cond::Binary && C.Op == "&&") {
    for (const CondPtr &Operand : C.Operands)
      addFixedFeatures(*Operand, Out);
  } else if (C.K == Cond::Ident) {
    Out.Truths.push_back(C.Name);
  } else if (C.K == Cond::Unary && C.Op == "!" && IsIdent(C.Operands.front())) {
    Out.Truths.push_back(C.Operands.front()->Name);
    Out.Negated.push_back(C.Operands.front()->Name);
  } else if (C.K == Cond::Binary && C.Op == "==" && C.Operands.size() == 2) {
    const CondPtr &L = C.Operands[0], &R = C.Operands[1];
    if (IsIdent(L) && IsInt(R))
      Out.Values.push_back(L->Name);
    else if (IsInt(L) && IsIdent(R))
      Out.Values.push_back(R->Name);
  }
}

FixedFeatures fixedFeatures(const Cond &E) {
  FixedFeatures Out;
  addFixedFeatures(E, Out);
  return Out;
}

bool FixedFeatures::fixes(llvm::StringRef Feature) const {
  return llvm::is_contained(Truths, Feature) ||
         llvm::is_contained(Values, Feature);
}

std::vector<CondPtr> conjuncts(const CondPtr &E, bool Negate) {
  std::vector<CondPtr> Out;
  addConjuncts(E, Negate, Out);
  return Out;
}

} // namespace varsim::condition
