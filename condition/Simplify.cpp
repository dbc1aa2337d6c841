//===- condition/Simplify.cpp - Smaller equivalent conditions -------------===//
//
// What substitutions of derived macros build (`(c ? 1 : 2) == 2`, guards
// repeated inside the operands they guard) folded back into the boolean
// formula that the manifest's readers and the model's terms want.
//
//===----------------------------------------------------------------------===//

#include "condition/Condition.h"

namespace varsim::condition {
namespace {

bool isIntNode(const CondPtr &E) { return E->K == Cond::Int; }

/// What is known inside an operand guarded by C being Truth: C itself and
/// what it implies through !, && (true) and || (false).
void factsOf(const CondPtr &C, bool Truth,
             std::vector<std::pair<CondPtr, bool>> &Out) {
  Out.push_back({C, Truth});
  if (C->K == Cond::Unary && C->Op == "!")
    factsOf(C->Operands[0], !Truth, Out);
  else if (C->K == Cond::Binary && C->Op == "&&" && Truth) {
    factsOf(C->Operands[0], true, Out);
    factsOf(C->Operands[1], true, Out);
  } else if (C->K == Cond::Binary && C->Op == "||" && !Truth) {
    factsOf(C->Operands[0], false, Out);
    factsOf(C->Operands[1], false, Out);
  }
}

/// E with the subtrees that Facts decide replaced by their value: 0 for a
/// false one (exact), 1 for a true one only when it is boolean-valued.
CondPtr assume(const CondPtr &E,
               const std::vector<std::pair<CondPtr, bool>> &Facts) {
  for (const auto &[F, Truth] : Facts)
    if (sameCondition(*E, *F)) {
      if (!Truth)
        return makeInt(0);
      if (isBooleanValued(*E))
        return makeInt(1);
    }
  if (E->Operands.empty())
    return E;
  auto N = std::make_shared<Cond>(*E);
  bool Changed = false;
  for (CondPtr &O : N->Operands) {
    CondPtr New = assume(O, Facts);
    Changed = Changed || New != O;
    O = std::move(New);
  }
  return Changed ? CondPtr(N) : E;
}

CondPtr assuming(const CondPtr &E, const CondPtr &C, bool Truth) {
  std::vector<std::pair<CondPtr, bool>> Facts;
  factsOf(C, Truth, Facts);
  return assume(E, Facts);
}

/// E as a 0/1 value.
CondPtr asBool(const CondPtr &E) {
  if (E->K == Cond::Int)
    return makeInt(E->Value != 0);
  return isBooleanValued(*E) ? E : makeBinary("!=", E, makeInt(0));
}

CondPtr simplify(const CondPtr &E, bool B) {
  switch (E->K) {
  case Cond::Int:
    return B ? makeInt(E->Value != 0) : E;
  case Cond::Ident:
  case Cond::Defined:
  case Cond::Call:
    return E;
  case Cond::Unary: {
    bool Not = E->Op == "!";
    CondPtr O = simplify(E->Operands[0], Not);
    if (isIntNode(O))
      return simplify(makeInt(evaluate(*makeUnary(E->Op, O),
                                       [](llvm::StringRef) {
                                         return std::optional<int64_t>();
                                       })),
                      B);
    if (Not && O->K == Cond::Unary && O->Op == "!" &&
        (B || isBooleanValued(*O->Operands[0])))
      return O->Operands[0];
    if (E->Op == "+")
      return O;
    return O == E->Operands[0] ? E : makeUnary(E->Op, O);
  }
  case Cond::Binary: {
    const std::string &Op = E->Op;
    if (Op == "&&" || Op == "||") {
      bool And = Op == "&&";
      CondPtr L = simplify(E->Operands[0], true);
      if (isIntNode(L)) {
        if ((L->Value != 0) != And)
          return makeInt(And ? 0 : 1);
        CondPtr R = simplify(E->Operands[1], true);
        return B ? R : asBool(R);
      }
      CondPtr R = simplify(assuming(E->Operands[1], L, And), true);
      if (isIntNode(R)) {
        if ((R->Value != 0) != And)
          return makeInt(And ? 0 : 1);
        return B ? L : asBool(L);
      }
      if (L == E->Operands[0] && R == E->Operands[1])
        return E;
      return makeBinary(Op, L, R);
    }
    CondPtr L = simplify(E->Operands[0], false);
    CondPtr R = simplify(E->Operands[1], false);
    if (isIntNode(L) && isIntNode(R) &&
        !((Op == "/" || Op == "%") && R->Value == 0)) {
      int64_t V = evaluate(*makeBinary(Op, L, R), [](llvm::StringRef) {
        return std::optional<int64_t>();
      });
      return B ? makeInt(V != 0) : makeInt(V);
    }
    // A selected value against a constant: `(c ? 1 : 2) == 2` is
    // `c ? 1 == 2 : 2 == 2`, which folds to `!c`. Derived numeric macros
    // substitute such selections; the manifest's readers and the model's
    // terms want the boolean formula.
    if (L->K == Cond::Ternary && isIntNode(R))
      return simplify(makeTernary(L->Operands[0],
                                  makeBinary(Op, L->Operands[1], R),
                                  makeBinary(Op, L->Operands[2], R)),
                      B);
    if (R->K == Cond::Ternary && isIntNode(L))
      return simplify(makeTernary(R->Operands[0],
                                  makeBinary(Op, L, R->Operands[1]),
                                  makeBinary(Op, L, R->Operands[2])),
                      B);
    if (L == E->Operands[0] && R == E->Operands[1])
      return E;
    return makeBinary(Op, L, R);
  }
  case Cond::Ternary: {
    CondPtr C = simplify(E->Operands[0], true);
    if (isIntNode(C))
      return simplify(E->Operands[C->Value ? 1 : 2], B);
    CondPtr T = simplify(assuming(E->Operands[1], C, true), B);
    CondPtr F = simplify(assuming(E->Operands[2], C, false), B);
    if (sameCondition(*T, *F))
      return T;
    auto IsInt = [](const CondPtr &X, int64_t V) {
      return X->K == Cond::Int && X->Value == V;
    };
    if (IsInt(T, 1) && IsInt(F, 0))
      return asBool(C);
    if (IsInt(T, 0) && IsInt(F, 1))
      return makeNot(C);
    if (IsInt(T, 1) && (B || isBooleanValued(*F)))
      return simplify(makeBinary("||", C, F), B);
    if (IsInt(F, 0) && (B || isBooleanValued(*T)))
      return simplify(makeBinary("&&", C, T), B);
    if (IsInt(T, 0) && (B || isBooleanValued(*F)))
      return simplify(makeBinary("&&", makeNot(C), F), B);
    if (IsInt(F, 1) && (B || isBooleanValued(*T)))
      return simplify(makeBinary("||", makeNot(C), T), B);
    return makeTernary(C, T, F);
  }
  }
  return E;
}

} // namespace

CondPtr simplifyCondition(const CondPtr &E, bool AsBoolean) {
  return simplify(E, AsBoolean);
}

} // namespace varsim::condition
