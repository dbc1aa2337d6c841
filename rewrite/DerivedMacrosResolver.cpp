//===- rewrite/DerivedMacrosResolver.cpp - A macro's meaning at a point ---===//
//
// Resolver (DerivedMacrosImpl.h): the state of a project macro at a
// directive (the #define and #undef sites certainly seen there, each with
// its presence condition) and from it `defined(M)` and M's value as
// conditions over features, integers and platform macros; function-like
// macros are expanded with their arguments where they bind as the pasted
// text would.
//
//===----------------------------------------------------------------------===//

#include "rewrite/DerivedMacrosImpl.h"

#include "llvm/ADT/StringExtras.h"

#include <functional>

namespace varsim::rewrite::derived {
namespace {

/// A macro's replacement list as an #if operand: its tree, how tightly it
/// binds where it is pasted, and its parameters (function-like).
struct MacroBody {
  CondPtr Tree;
  int Precedence = 12;
  bool Parenthesized = false; ///< Wholly: `(...)`.
  std::vector<std::string> Params;
};

/// The body of D; nullopt if it is not an integer constant expression the
/// rewriter can reason about.
std::optional<MacroBody> bodyOf(const Directive &D) {
  MacroBody Out;
  if (D.FunctionLike) {
    llvm::StringRef B(D.Body);
    B = B.drop_front(D.Macro.size());
    size_t Close = B.find(')');
    if (!B.starts_with("(") || Close == llvm::StringRef::npos)
      return std::nullopt;
    llvm::SmallVector<llvm::StringRef, 4> Params;
    llvm::StringRef List = B.slice(1, Close).trim();
    if (!List.empty())
      List.split(Params, ',');
    for (llvm::StringRef P : Params) {
      P = P.trim();
      if (P.empty() || P.contains("..."))
        return std::nullopt; // Variadic: not modelled.
      Out.Params.push_back(P.str());
    }
  }
  llvm::StringRef Text = llvm::StringRef(D.Replacement).trim();
  if (Text.empty())
    return std::nullopt;
  // `defined` produced by a macro is not portable; unsigned arithmetic is
  // not modelled by the conditions.
  for (size_t I = 0; I < Text.size();) {
    if (llvm::isAlnum(Text[I]) || Text[I] == '_') {
      size_t J = I;
      while (J < Text.size() && (llvm::isAlnum(Text[J]) || Text[J] == '_'))
        ++J;
      llvm::StringRef Tok = Text.slice(I, J);
      if (Tok == "defined")
        return std::nullopt;
      if (llvm::isDigit(Tok.front()) &&
          Tok.find_insensitive('u') != llvm::StringRef::npos)
        return std::nullopt;
      I = J;
      continue;
    }
    ++I;
  }
  auto C = parseCondition(Text);
  if (!C) {
    llvm::consumeError(C.takeError());
    return std::nullopt;
  }
  Out.Tree = *C;
  Out.Precedence = conditionPrecedence(**C);
  if (Text.front() == '(') {
    // Wholly parenthesized: an operand wherever it is pasted.
    int Depth = 0;
    size_t I = 0;
    for (; I < Text.size(); ++I) {
      Depth += Text[I] == '(' ? 1 : Text[I] == ')' ? -1 : 0;
      if (Depth == 0)
        break;
    }
    if (I + 1 == Text.size()) {
      Out.Precedence = 12;
      Out.Parenthesized = true;
    }
  }
  return Out;
}

/// The precedence an operand of E is parsed under (what pasted text next
/// to it must bind tighter than).
int operandContext(const Cond &E) {
  switch (E.K) {
  case Cond::Unary:
    return 11;
  case Cond::Binary:
    return conditionPrecedence(E);
  case Cond::Ternary:
    return 0;
  default:
    return -1; // Arguments of a call: checked when that call expands.
  }
}

/// Body with its parameters replaced by the argument trees; nullptr if an
/// argument would not bind as pasted text does.
CondPtr substituteParams(const CondPtr &Body,
                         const std::vector<std::string> &Params,
                         const std::vector<CondPtr> &Args, int Context) {
  if (Body->K == Cond::Ident)
    for (size_t I = 0; I < Params.size(); ++I)
      if (Body->Name == Params[I])
        return conditionPrecedence(*Args[I]) > Context ? Args[I] : nullptr;
  if (Body->Operands.empty())
    return Body;
  auto N = std::make_shared<Cond>(*Body);
  for (CondPtr &O : N->Operands) {
    O = substituteParams(O, Params, Args, operandContext(*Body));
    if (!O)
      return nullptr;
  }
  return N;
}

} // namespace

CondPtr Resolver::resolve(const CondPtr &E, unsigned File, unsigned D,
                          bool Strict, bool &Changed) {
  std::set<std::string> Expanding;
  CondPtr R = resolveAt(E, File, D, Strict, Expanding, -1, Changed);
  if (!R)
    return nullptr;
  R = simplifyCondition(R);
  if (conditionSize(*R) > MaxConditionSize)
    return nullptr;
  return R;
}

Resolver::Kind Resolver::kindOf(const std::string &M) const {
  if (F.isFeatureMacro(M))
    return Kind::Feature;
  bool HasSites = P.Sites.count(M) != 0;
  if (M == "defined" || llvm::StringRef(M).starts_with("VARSIM_") ||
      llvm::StringRef(M).starts_with("varsim_"))
    return Kind::Unknown;
  // A macro nothing defines, not the project, the build, the compiler nor
  // a system header (the preprocessing of every unit, External), is
  // undefined wherever it is tested: also a platform's name that this
  // target's compiler never predefines (`defined(WIN32) ||
  // defined(__BORLANDC__)` on Linux), so that a site under it drops out.
  // (`true` and `false` are keywords, not macros: 1 and 0 in C++ and C23.)
  if (!HasSites && !F.CommandLineDefines.count(M) && External &&
      !External->count(M) && M != "true" && M != "false")
    return Kind::Undefined;
  if (!HasSites && (isPlatformMacro(M) || F.CommandLineDefines.count(M)))
    return Kind::External;
  if (!HasSites)
    return Kind::Unknown;
  // Predefined (or passed) and redefined: not modelled. A reserved name
  // that nothing outside the project defines (an include guard
  // `_SQLITE_OS_H_` inlined into an amalgamation) is the project's own.
  if (F.CommandLineDefines.count(M) ||
      (isPlatformMacro(M) && !(External && !External->count(M))))
    return Kind::Unknown;
  return Kind::Project;
}

CondPtr Resolver::resolveAt(const CondPtr &E, unsigned File, unsigned D,
                            bool Strict, std::set<std::string> &Expanding,
                            int Context, bool &Changed) {
  switch (E->K) {
  case Cond::Int:
    return E;
  case Cond::Ident:
  case Cond::Defined:
  case Cond::Call: {
    Kind K = kindOf(E->Name);
    if (K == Kind::Feature && E->K != Cond::Call && isImplied(E->Name)) {
      CondPtr R = impliedAt(E, File, D);
      if (!R) {
        Unresolved.insert(E->Name);
        return Strict ? nullptr : E;
      }
      Changed = Changed || R != E;
      return R;
    }
    // A boolean feature the project itself defines (`#ifndef F` /
    // `#define F 0`) does not mean "selected" everywhere: where a site's
    // presence condition tests it, it cannot move to another place.
    if (K == Kind::Feature && Strict && !F.isNumeric(E->Name) &&
        P.Sites.count(E->Name))
      return nullptr;
    if (K == Kind::External && Target && External)
      if (auto V = targetMacroValue(*E, *Target, *External)) {
        Changed = true;
        return *V;
      }
    if (K == Kind::Feature || K == Kind::External)
      return E->K == Cond::Call ? (Strict ? nullptr : E) : E;
    if (K == Kind::Undefined) {
      // An undefined function-like macro's call is an error where the
      // test is reached: leave it to the preprocessor.
      if (E->K == Cond::Call)
        return Strict ? nullptr : E;
      Changed = true;
      return makeInt(0);
    }
    CondPtr R;
    if (K == Kind::Project && !Expanding.count(E->Name))
      R = E->K == Cond::Defined
              ? definedAt(E->Name, File, D)
              : valueAt(*E, File, D, Strict, Expanding, Context);
    if (!R && K == Kind::Project && InReachedFile)
      Unresolved.insert(E->Name);
    if (!R)
      return Strict ? nullptr : E;
    Changed = true;
    return R;
  }
  case Cond::Unary:
  case Cond::Binary:
  case Cond::Ternary: {
    int Ctx = operandContext(*E);
    auto N = std::make_shared<Cond>(*E);
    for (CondPtr &O : N->Operands) {
      O = resolveAt(O, File, D, Strict, Expanding, Ctx, Changed);
      if (!O)
        return nullptr;
    }
    return N;
  }
  }
  return nullptr;
}

CondPtr Resolver::definedAt(const std::string &M, unsigned File, unsigned D) {
  auto Seen = stateAt(M, File, D);
  if (!Seen)
    return nullptr;
  CondPtr R = makeInt(0);
  for (const SeenSite &S : *Seen)
    R = S.D->Kind == DirectiveKind::Define
            ? makeBinary("||", S.Presence, R)
            : makeBinary("&&", makeNot(S.Presence), R);
  return simplifyCondition(R, false);
}

CondPtr Resolver::valueAt(const Cond &Use, unsigned File, unsigned D,
                          bool Strict, std::set<std::string> &Expanding,
                          int Context) {
  const std::string &M = Use.Name;
  bool IsCall = Use.K == Cond::Call;
  bool Unordered = false;
  auto Seen = stateAt(M, File, D, &Unordered);
  if (!Seen)
    return nullptr;
  // Sites read in an unknown order give one value only if no two of them
  // are present together (judged over features only).
  if (Unordered)
    for (size_t I = 0; I < Seen->size(); ++I)
      for (size_t J = I + 1; J < Seen->size(); ++J) {
        CondPtr Both = makeAnd({(*Seen)[I].Presence, (*Seen)[J].Presence});
        std::set<std::string> Ms;
        collectMacros(*Both, Ms);
        if (!llvm::all_of(
                Ms,
                [&](const std::string &X) { return F.isFeatureMacro(X); }) ||
            isSatisfiable(*Both, F))
          return nullptr;
      }
  if (IsCall) {
    // An undefined function-like macro does not evaluate to 0 in a call:
    // it must be defined wherever the test is reached.
    CondPtr Def = definedAt(M, File, D);
    if (!Def || Def->K != Cond::Int || Def->Value != 1)
      return nullptr;
  }
  CondPtr R = makeInt(0);
  Expanding.insert(M);
  auto Fail = [&] {
    Expanding.erase(M);
    return nullptr;
  };
  for (const SeenSite &S : *Seen) {
    CondPtr V = makeInt(0);
    if (S.D->Kind == DirectiveKind::Define) {
      auto Body = bodyOf(*S.D);
      // Pasted text binds as the preprocessor parses it: the body must
      // bind tighter than the operator around the macro.
      if (!Body || Body->Precedence <= Context || S.D->FunctionLike != IsCall)
        return Fail();
      // What the body's root is pasted under: nothing if the body is
      // parenthesized, else the operator around the use (`#define A B`
      // pastes B's body where A was).
      int RootContext = Body->Parenthesized ? -1 : Context;
      CondPtr Tree = Body->Tree;
      if (IsCall) {
        if (Body->Params.size() != Use.Operands.size())
          return Fail();
        Tree = substituteParams(Tree, Body->Params, Use.Operands, RootContext);
        if (!Tree)
          return Fail();
      }
      bool Ignored = false;
      // The body expands at the test, so its macros resolve there.
      V = resolveAt(Tree, File, D, Strict, Expanding, RootContext, Ignored);
      if (!V)
        return Fail();
    }
    R = makeTernary(S.Presence, V, R);
  }
  Expanding.erase(M);
  return simplifyCondition(R, false);
}

std::optional<std::vector<SeenSite>> Resolver::stateAt(const std::string &M,
                                                       unsigned File,
                                                       unsigned D,
                                                       bool *Unordered) {
  auto It = P.Sites.find(M);
  if (It == P.Sites.end())
    return std::nullopt;
  const std::vector<Site> &All = It->second;
  std::set<unsigned> InFiles;
  for (const Site &S : All)
    InFiles.insert(S.File);
  std::vector<Site> Used;
  if (InFiles.size() == 1 && *InFiles.begin() == File) {
    const FileInfo &FI = P.Files[File];
    if (!FI.readOnce() && !FI.IncludedAt.empty())
      return std::nullopt;
    for (const Site &S : All)
      if (S.Directive < D)
        Used.push_back(S);
  } else if (InFiles.size() == 1) {
    // Read completely before the test by every unit, or by none; or
    // included under a condition that every site of M implies.
    if (P.beforeAt(File, D).test(*InFiles.begin()))
      Used = All;
    else if (P.maybeBeforeAt(File, D).test(*InFiles.begin())) {
      if (!sitesNeedTheirInclude(*InFiles.begin(), All, File, D))
        return std::nullopt;
      Used = All;
    }
  } else if (auto Ordered = orderedBefore(M, InFiles, File, D)) {
    Used = std::move(*Ordered);
  } else {
    // A constant defined identically, unconditionally, in several files.
    const Directive *First = nullptr;
    bool Visible = false, Identical = true;
    llvm::BitVector Before = P.beforeAt(File, D);
    for (const Site &S : All) {
      const FileInfo &FI = P.Files[S.File];
      const Directive &Dv = FI.FS->Directives[S.Directive];
      if (Dv.Kind != DirectiveKind::Define || !FI.unconditional(S.Directive) ||
          (First && Dv.Body != First->Body))
        Identical = false;
      First = &Dv;
      Visible =
          Visible || Before.test(S.File) || (S.File == File && S.Directive < D);
    }
    if (Identical && Visible)
      return std::vector<SeenSite>{{makeInt(1), First}};
    // A hook defined by an option in one header and given a default in
    // another (`#if defined(USE_CHECK)` / `#define check(e) assert(e)`,
    // later `#if !defined(check)` / `#define check(e) ((void)0)`): the
    // #defines of files read completely before the test and those of the
    // testing file before it (read once). Their order across files is
    // unknown: only #defines (no #undef), and valueAt needs them
    // exclusive (Unordered). A file no unit can have read before the
    // test holds no site seen there (Lua's core and auxiliary headers
    // each define the assertion macro; no unit reads both).
    llvm::BitVector Maybe = P.maybeBeforeAt(File, D);
    for (const Site &S : All) {
      const FileInfo &FI = P.Files[S.File];
      if (FI.FS->Directives[S.Directive].Kind != DirectiveKind::Define)
        return std::nullopt;
      if (S.File == File) {
        if (!FI.readOnce() && !FI.IncludedAt.empty())
          return std::nullopt;
        if (S.Directive < D)
          Used.push_back(S);
      } else if (Before.test(S.File)) {
        Used.push_back(S);
      } else if (!Maybe.test(S.File)) {
        continue; // Never read before the test.
      } else {
        return std::nullopt; // Perhaps read before the test, perhaps not.
      }
    }
    if (Unordered)
      *Unordered = true;
  }
  std::vector<SeenSite> Out;
  for (const Site &S : Used) {
    CondPtr Pr = presenceOf(S.File, P.Files[S.File].Places[S.Directive]);
    if (!Pr)
      return std::nullopt;
    Out.push_back({Pr, &P.Files[S.File].FS->Directives[S.Directive]});
  }
  return Out;
}

std::optional<std::vector<Site>>
Resolver::orderedBefore(const std::string &M, const std::set<unsigned> &InFiles,
                        unsigned File, unsigned D) {
  if (InFiles.count(File))
    return std::nullopt;
  llvm::BitVector Before = P.beforeAt(File, D);
  for (unsigned Root : InFiles) {
    if (Before.test(Root))
      if (auto Order = P.sitesInReadingOrder(Root, M))
        return Order;
  }
  return std::nullopt;
}

CondPtr Resolver::presenceOf(unsigned File, Place Pl) {
  const FileInfo &FI = P.Files[File];
  if (Pl.Group < 0 ||
      (FI.Guard && static_cast<unsigned>(Pl.Group) == *FI.Guard))
    return makeInt(1);
  auto Key = std::make_tuple(File, static_cast<unsigned>(Pl.Group), Pl.Branch);
  if (auto It = Presence.find(Key); It != Presence.end())
    return It->second;
  if (!InProgress.insert(Key).second)
    return nullptr;
  const CondGroup &G = FI.FS->Groups[Pl.Group];
  CondPtr Outer =
      G.ParentGroup
          ? presenceOf(File, {static_cast<int>(*G.ParentGroup), G.ParentBranch})
          : makeInt(1);
  std::vector<CondPtr> Parts{Outer};
  for (unsigned BI = 0; Outer && BI <= Pl.Branch; ++BI) {
    const CondGroup::Branch &B = G.Branches[BI];
    if (!B.Condition)
      continue;
    bool Ignored = false;
    CondPtr T =
        resolve(testOf(*FI.FS, B), File, B.DirectiveIndex, true, Ignored);
    if (!T) {
      Outer = nullptr;
      break;
    }
    Parts.push_back(BI == Pl.Branch ? T : makeNot(T));
  }
  CondPtr R = Outer ? simplifyCondition(makeAnd(Parts)) : nullptr;
  if (R && conditionSize(*R) > MaxConditionSize)
    R = nullptr;
  InProgress.erase(Key);
  Presence[Key] = R;
  return R;
}

CondPtr assignBooleans(const CondPtr &E,
                       const std::map<std::string, bool> &Known,
                       bool Identifiers) {
  if (E->K == Cond::Defined || (Identifiers && E->K == Cond::Ident))
    if (auto It = Known.find(E->Name); It != Known.end())
      return makeInt(It->second ? 1 : 0);
  if (E->Operands.empty())
    return E;
  auto N = std::make_shared<Cond>(*E);
  for (CondPtr &O : N->Operands)
    O = assignBooleans(O, Known, Identifiers);
  return N;
}

bool Resolver::sitesNeedTheirInclude(unsigned H, const std::vector<Site> &Sites,
                                     unsigned File, unsigned D) {
  if (!P.Files[H].readOnce() || P.cyclic())
    return false;
  std::vector<CondPtr> Includes;
  for (const IncludeSite &I : P.Files[File].Includes) {
    if (I.Directive >= D || I.Targets != std::vector<unsigned>{H})
      continue;
    CondPtr C = loosePresenceOf(File, P.Files[File].Places[I.Directive], D);
    if (!C)
      return false;
    Includes.push_back(C);
  }
  if (Includes.empty())
    return false;
  CondPtr Read = simplifyCondition(makeOr(Includes));
  std::vector<CondPtr> Presences;
  for (const Site &S : Sites) {
    CondPtr Pr = presenceOf(S.File, P.Files[S.File].Places[S.Directive]);
    if (!Pr)
      return false;
    Presences.push_back(Pr);
  }
  std::set<std::string> Ms;
  collectMacros(*Read, Ms);
  for (const CondPtr &Pr : Presences)
    collectMacros(*Pr, Ms);
  std::vector<std::string> Booleans;
  for (const std::string &M : Ms)
    if (F.isFeatureMacro(M)) {
      if (F.isNumeric(M))
        return false;
      Booleans.push_back(M);
    }
  if (Booleans.size() > 8)
    return false;
  for (unsigned Bits = 0; Bits < (1u << Booleans.size()); ++Bits) {
    std::map<std::string, bool> Known;
    for (size_t I = 0; I < Booleans.size(); ++I)
      Known[Booleans[I]] = (Bits >> I) & 1;
    CondPtr R = simplifyCondition(assignBooleans(Read, Known));
    if (R->K == Cond::Int && R->Value != 0)
      continue; // H is read before D.
    if (R->K != Cond::Int)
      return false;
    for (const CondPtr &Pr : Presences) {
      CondPtr Q = simplifyCondition(assignBooleans(Pr, Known));
      if (Q->K != Cond::Int || Q->Value != 0)
        return false;
    }
  }
  return true;
}

CondPtr Resolver::loosePresenceOf(unsigned File, Place Pl, unsigned Within) {
  const FileInfo &FI = P.Files[File];
  if (Pl.Group < 0 ||
      (FI.Guard && static_cast<unsigned>(Pl.Group) == *FI.Guard))
    return makeInt(1);
  const CondGroup &G = FI.FS->Groups[Pl.Group];
  unsigned Open = G.Branches[Pl.Branch].DirectiveIndex;
  unsigned Close = Pl.Branch + 1 < G.Branches.size()
                       ? G.Branches[Pl.Branch + 1].DirectiveIndex
                       : G.EndifIndex;
  if (Open < Within && Within < Close)
    return makeInt(1);
  CondPtr Outer =
      G.ParentGroup
          ? loosePresenceOf(File,
                            {static_cast<int>(*G.ParentGroup), G.ParentBranch},
                            Within)
          : makeInt(1);
  if (!Outer)
    return nullptr;
  std::vector<CondPtr> Parts{Outer};
  for (unsigned BI = 0; BI <= Pl.Branch; ++BI) {
    const CondGroup::Branch &B = G.Branches[BI];
    if (!B.Condition || (BI == Pl.Branch && repeatedAround(File, B, Within)))
      continue;
    bool Ignored = false;
    CondPtr T =
        resolve(testOf(*FI.FS, B), File, B.DirectiveIndex, false, Ignored);
    if (!T)
      return nullptr;
    Parts.push_back(BI == Pl.Branch ? T : makeNot(T));
  }
  return simplifyCondition(makeAnd(Parts));
}

} // namespace varsim::rewrite::derived
