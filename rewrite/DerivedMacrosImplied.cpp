//===- rewrite/DerivedMacrosImplied.cpp - Features implied by features ----===//
//
// The part of Resolver (DerivedMacrosImpl.h) that reads a boolean feature
// the project also #defines where another feature implies it as that
// implication, finds the defaults a feature undoes, and which macros are
// #defined where features decide.
//
//===----------------------------------------------------------------------===//

#include "rewrite/DerivedMacrosImpl.h"

#include "llvm/ADT/StringExtras.h"

#include <functional>

namespace varsim::rewrite::derived {

bool Resolver::definedPerFeature(const std::string &M) {
  auto It = P.Sites.find(M);
  if (It == P.Sites.end())
    return false;
  for (const Site &S : It->second) {
    CondPtr Pr = presenceOf(S.File, P.Files[S.File].Places[S.Directive]);
    if (!Pr || mentionsFeature(*Pr, F))
      return true;
  }
  return false;
}

bool Resolver::isImplied(const std::string &M) {
  auto [It, New] = Implied.try_emplace(M, false);
  if (!New)
    return It->second;
  auto Sites = P.Sites.find(M);
  if (F.isNumeric(M) || Sites == P.Sites.end())
    return false;
  bool All = true;
  for (const Site &S : Sites->second)
    All = All && impliedSite(M, S);
  return It->second = All;
}

std::vector<CondGroup *> Resolver::undoneDefault(const std::string &M) const {
  auto It = P.Sites.find(M);
  if (It == P.Sites.end() || F.isFeatureMacro(M) || isPlatformMacro(M) ||
      F.CommandLineDefines.count(M) || Unresolved.count(M))
    return {};
  std::vector<CondGroup *> Groups;
  unsigned Defines = 0;
  for (const Site &S : It->second) {
    const FileInfo &FI = P.Files[S.File];
    const Directive &Dv = FI.FS->Directives[S.Directive];
    if (Dv.Kind == DirectiveKind::Define) {
      llvm::StringRef Body = llvm::StringRef(Dv.Replacement).trim();
      // A body that code could read would differ in the simulator.
      if (Dv.FunctionLike || !(Body.empty() || Body == "1") ||
          !FI.unconditional(S.Directive) || ++Defines > 1)
        return {};
      continue;
    }
    CondGroup *G = aloneInGroup(S);
    if (!G)
      return {};
    CondPtr Test =
        directiveTest(FI.FS->Directives[G->Branches[0].DirectiveIndex]);
    if (!Test || !mentionsFeatureMacro(*Test))
      return {};
    Groups.push_back(G);
  }
  if (Defines != 1 || Groups.empty())
    return {};
  return Groups;
}

CondGroup *Resolver::aloneInGroup(const Site &S) const {
  const FileInfo &FI = P.Files[S.File];
  FileStructure &FS = *FI.FS;
  const Place &Pl = FI.Places[S.Directive];
  if (FI.unconditional(S.Directive))
    return nullptr;
  CondGroup &G = FS.Groups[Pl.Group];
  if (G.Branches.size() != 1 ||
      (G.ParentGroup && (!FI.Guard || *G.ParentGroup != *FI.Guard)))
    return nullptr;
  const CondGroup::Branch &B = G.Branches[0];
  const Directive &Dv = FS.Directives[S.Directive];
  if (B.Directives.size() != 1 || !B.Children.empty() ||
      FS.lineOf(B.ContentEnd) - FS.lineOf(B.ContentBegin) != Dv.PhysicalLines)
    return nullptr;
  return &G;
}

bool Resolver::mentionsFeatureMacro(const Cond &C) const {
  std::set<std::string> Ms;
  collectMacros(C, Ms);
  return llvm::any_of(
      Ms, [&](const std::string &X) { return F.isFeatureMacro(X); });
}

std::vector<std::string> Resolver::impliedAndResolved() const {
  std::vector<std::string> Out;
  for (const auto &[M, Is] : Implied)
    if (Is && !Unresolved.count(M))
      Out.push_back(M);
  return Out;
}

CondPtr Resolver::testOf(const FileStructure &FS, const CondGroup::Branch &B) {
  if (B.Condition && B.Condition->K == Cond::Int && B.Condition->Value == 0)
    if (CondPtr O = directiveTest(FS.Directives[B.DirectiveIndex]))
      return O;
  return B.Condition;
}

CondPtr Resolver::directiveTest(const Directive &D) {
  std::string Name =
      D.Macro.empty() ? llvm::StringRef(D.Body).trim().str() : D.Macro;
  switch (D.Kind) {
  case DirectiveKind::Ifdef:
    return makeDefined(Name);
  case DirectiveKind::Ifndef:
    return makeNot(makeDefined(Name));
  case DirectiveKind::If: {
    auto C = parseCondition(D.Body);
    if (!C) {
      llvm::consumeError(C.takeError());
      return nullptr;
    }
    return *C;
  }
  default:
    return nullptr;
  }
}

CondPtr preprocessorTest(const FileStructure &FS, const CondGroup::Branch &B) {
  if (!B.Condition)
    return nullptr; // An #else.
  const Directive &D = FS.Directives[B.DirectiveIndex];
  // directiveTest reads the opening directives only (testOf reads a group
  // this pass neutralized, whose test is its #if's).
  Directive AsIf = D;
  if (D.Kind == DirectiveKind::Elif)
    AsIf.Kind = DirectiveKind::If;
  else if (D.Kind == DirectiveKind::Elifdef)
    AsIf.Kind = DirectiveKind::Ifdef;
  else if (D.Kind == DirectiveKind::Elifndef)
    AsIf.Kind = DirectiveKind::Ifndef;
  if (CondPtr T = Resolver::directiveTest(AsIf))
    return T;
  return B.Condition;
}

CondGroup *Resolver::impliedGroup(const std::string &M, const Site &S) const {
  const FileInfo &FI = P.Files[S.File];
  FileStructure &FS = *FI.FS;
  const Directive &Dv = FS.Directives[S.Directive];
  llvm::StringRef Body = llvm::StringRef(Dv.Replacement).trim();
  if (Dv.Kind != DirectiveKind::Define || Dv.FunctionLike ||
      (Body != "1" && !Body.empty()))
    return nullptr;
  CondGroup *G = aloneInGroup(S);
  if (!G)
    return nullptr;
  CondPtr Test = directiveTest(FS.Directives[G->Branches[0].DirectiveIndex]);
  if (!Test)
    return nullptr;
  std::vector<const Cond *> Conjuncts, Stack{Test.get()};
  while (!Stack.empty()) {
    const Cond *C = Stack.back();
    Stack.pop_back();
    if (C->K == Cond::Binary && C->Op == "&&") {
      for (const CondPtr &O : C->Operands)
        Stack.push_back(O.get());
      continue;
    }
    Conjuncts.push_back(C);
  }
  for (const Cond *C : Conjuncts)
    if (C->K == Cond::Unary && C->Op == "!" &&
        C->Operands[0]->K == Cond::Defined && C->Operands[0]->Name == M)
      return G;
  return nullptr;
}

bool Resolver::impliedSite(const std::string &M, const Site &S) const {
  return impliedGroup(M, S) != nullptr;
}

CondPtr Resolver::impliedAt(const CondPtr &E, unsigned File, unsigned D) {
  auto Seen = stateAt(E->Name, File, D);
  if (!Seen)
    return nullptr;
  if (Seen->empty())
    return E;
  std::vector<CondPtr> Or{E};
  for (const SeenSite &S : *Seen) {
    if (E->K == Cond::Ident && llvm::StringRef(S.D->Replacement).trim().empty())
      return nullptr; // `#if M` on an empty definition: not an integer.
    // M || (X && !M) is M || X.
    Or.push_back(withoutNegated(S.Presence, E->Name));
  }
  return simplifyCondition(makeOr(Or), false);
}

CondPtr Resolver::withoutNegated(const CondPtr &C, const std::string &M) {
  if (C->K == Cond::Unary && C->Op == "!" &&
      (C->Operands[0]->K == Cond::Defined ||
       C->Operands[0]->K == Cond::Ident) &&
      C->Operands[0]->Name == M)
    return makeInt(1);
  if (C->K == Cond::Binary && C->Op == "&&")
    return makeAnd(
        {withoutNegated(C->Operands[0], M), withoutNegated(C->Operands[1], M)});
  return C;
}

} // namespace varsim::rewrite::derived
