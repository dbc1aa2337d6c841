//===- rewrite/templates/PointerWrapperBranches.cpp - What a branch is ---===//
//
// What each candidate branch declares (PointerWrapperFacts.h,
// BranchFacts): a class template over one pointer member whose members
// behave as the built-in pointer operators (their bodies compared as
// normalized tokens with PointerWrapperTable.cpp's), a plain pointer (a
// partial specialization for `T *`), or something else, with the reason.
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/PointerWrapperFactsImpl.h"

#include "clang/Basic/OperatorKinds.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

namespace varsim::rewrite::templates::wrappers::facts {
namespace {

/// Text as tokens separated by one space, comments and spaces dropped,
/// names replaced: the pointer member `@P`, parameters `@A0`.., locals
/// `@L`, `return`/`this` kept, any other name `@T`.
std::string normalize(llvm::StringRef Text, llvm::StringRef Field,
                      const std::vector<std::string> &Params,
                      const std::set<std::string> &Locals) {
  static const char *const Multi[] = {"->*", "<<=", ">>=", "++", "--", "+=",
                                      "-=",  "==",  "!=",  "<=", ">=", "->",
                                      "::",  "&&",  "||",  "<<", ">>"};
  std::vector<std::string> Tokens;
  size_t I = 0;
  while (I < Text.size()) {
    char C = Text[I];
    if (llvm::isSpace(C)) {
      ++I;
    } else if (Text.substr(I).starts_with("//")) {
      I = Text.find('\n', I);
    } else if (Text.substr(I).starts_with("/*")) {
      size_t E = Text.find("*/", I + 2);
      I = E == llvm::StringRef::npos ? E : E + 2;
    } else if (llvm::isAlpha(C) || C == '_' || llvm::isDigit(C)) {
      size_t B = I;
      while (I < Text.size() && (llvm::isAlnum(Text[I]) || Text[I] == '_'))
        ++I;
      std::string W = Text.slice(B, I).str();
      if (llvm::isDigit(C) || W == "return" || W == "this")
        Tokens.push_back(W);
      else if (W == Field)
        Tokens.push_back("@P");
      else if (Locals.count(W))
        Tokens.push_back("@L");
      else {
        auto P = std::find(Params.begin(), Params.end(), W);
        Tokens.push_back(P == Params.end()
                             ? std::string("@T")
                             : "@A" + std::to_string(P - Params.begin()));
      }
    } else {
      std::string Op(1, C);
      for (const char *M : Multi)
        if (Text.substr(I).starts_with(M)) {
          Op = M;
          break;
        }
      Tokens.push_back(Op);
      I += Op.size();
    }
  }
  return llvm::join(Tokens, " ");
}

} // namespace

std::string Collector::argsOf(const ClassTemplateSpecializationDecl *S) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  printTemplateArgumentList(OS, S->getTemplateArgs().asArray(), Policy);
  return OS.str();
}

void Collector::fail(BranchFacts &F, SourceLocation L, std::string Why) {
  if (!F.Why.empty())
    return;
  F.Kind = BranchFacts::Other;
  F.Why = std::move(Why);
  F.Where = placeOf(L);
}

void Collector::classifyBranches() {
  std::set<std::string> PointerTypes;
  for (auto &[At, Decls] : BranchDecls) {
    BranchFacts &F = Out.Groups[At.first->Key][At.second];
    ClassTemplateDecl *T = nullptr;
    for (Decl *D : Decls) {
      ClassTemplateDecl *Owner = nullptr;
      if (auto *C = dyn_cast<ClassTemplateDecl>(D))
        Owner = C;
      else if (auto *S = dyn_cast<ClassTemplateSpecializationDecl>(D))
        Owner = S->getSpecializedTemplate();
      if (!Owner) {
        fail(F, D->getLocation(),
             "the branch declares something else than one class template");
        break;
      }
      Owner = Owner->getCanonicalDecl();
      if (T && T != Owner) {
        fail(F, D->getLocation(), "the branch declares two class templates");
        break;
      }
      T = Owner;
    }
    if (!T || !F.Why.empty())
      continue;
    F.Template = T->getQualifiedNameAsString();
    F.Defines = T->getTemplatedDecl()->getDefinition() != nullptr;
    if (F.Defines)
      classifyWrapper(F, T);
    else
      classifyPointer(F, T);
    if (F.Kind == BranchFacts::Pointer)
      for (const auto &[_, Ty] : F.PointerByArgs)
        PointerTypes.insert(Ty);
  }
  for (const PointerUse &U : PointerUses)
    if (PointerTypes.count(U.Type))
      Out.PointerCalls[U.Key].insert(U.Callee);
}

void Collector::classifyPointer(BranchFacts &F, ClassTemplateDecl *T) {
  llvm::SmallVector<ClassTemplatePartialSpecializationDecl *, 4> Partials;
  T->getPartialSpecializations(Partials);
  if (Partials.empty())
    return fail(F, T->getLocation(),
                "the class template is neither defined nor specialized");
  for (ClassTemplatePartialSpecializationDecl *P : Partials) {
    unsigned Members = 0;
    for (Decl *D : P->decls()) {
      if (D->isImplicit())
        continue;
      auto *TD = dyn_cast<TypedefNameDecl>(D);
      if (!TD || (!F.Member.empty() && F.Member != TD->getName()) ||
          !TD->getUnderlyingType().getCanonicalType()->isPointerType())
        return fail(F, D->getLocation(),
                    "a specialization holds more than one nested pointer "
                    "type of the same name");
      F.Member = TD->getName().str();
      ++Members;
    }
    if (Members != 1)
      return fail(F, P->getLocation(),
                  "a specialization holds no nested pointer type");
  }
  F.Kind = BranchFacts::Pointer;
  for (ClassTemplateSpecializationDecl *S : T->specializations()) {
    if (!S->hasDefinition())
      continue;
    for (NamedDecl *D : S->lookup(&Ctx.Idents.get(F.Member)))
      if (auto *TD = dyn_cast<TypedefNameDecl>(D))
        F.PointerByArgs[argsOf(S)] =
            TD->getUnderlyingType().getCanonicalType().getAsString(Policy);
  }
}

/// The class template defined in this branch: every member a built-in
/// pointer operator on its one pointer member (checked on the pattern's
/// bodies), and a nested name for the class itself (`typedef
/// GenericMemberIterator Iterator;`), the name the fallback's
/// specializations give the plain pointer.
void Collector::classifyWrapper(BranchFacts &F, ClassTemplateDecl *T) {
  CXXRecordDecl *Pattern = T->getTemplatedDecl()->getDefinition();
  // The one data member first: member bodies before it name it too.
  const FieldDecl *Field = nullptr;
  for (const FieldDecl *FD : Pattern->fields()) {
    if (Field)
      return fail(F, FD->getLocation(),
                  "the class has more than one data member");
    Field = FD;
  }
  if (!Field)
    return fail(F, Pattern->getLocation(), "the class has no data member");
  std::string FieldName = Field->getName().str();
  std::set<std::string> Self;
  for (Decl *D : Pattern->decls()) {
    if (D->isImplicit() || isa<AccessSpecDecl>(D) || isa<FriendDecl>(D) ||
        isa<StaticAssertDecl>(D))
      continue;
    if (auto *TD = dyn_cast<TypedefNameDecl>(D)) {
      if (TD->getUnderlyingType()->getAs<InjectedClassNameType>())
        Self.insert(TD->getName().str());
      continue;
    }
    if (isa<FieldDecl>(D))
      continue;
    auto *M = dyn_cast<CXXMethodDecl>(D);
    if (!M)
      return fail(F, D->getLocation(),
                  "the class declares a member that is neither a type, its "
                  "pointer member nor a pointer operator");
    if (M->isVirtual() || M->isStatic() || !M->doesThisDeclarationHaveABody())
      return fail(F, M->getLocation(),
                  "'" + M->getNameAsString() +
                      "' is virtual, static or defined outside the class");
    std::vector<std::string> Params;
    for (const ParmVarDecl *P : M->parameters())
      Params.push_back(P->getName().str());
    std::set<std::string> Locals;
    if (auto *Body = dyn_cast<CompoundStmt>(M->getBody()))
      for (const Stmt *St : Body->body())
        if (auto *DS = dyn_cast<DeclStmt>(St))
          for (const Decl *LD : DS->decls())
            if (auto *V = dyn_cast<VarDecl>(LD))
              Locals.insert(V->getName().str());
    auto Text = [&](SourceRange R) {
      return Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM,
                                  Ctx.getLangOpts());
    };
    std::string Body = normalize(Text(M->getBody()->getSourceRange()),
                                 FieldName, Params, Locals);
    if (auto *C = dyn_cast<CXXConstructorDecl>(M)) {
      if (Body != "{ }" || C->getNumParams() > 1)
        return fail(F, M->getLocation(),
                    "a constructor does more than copy a pointer");
      for (const CXXCtorInitializer *I : C->inits()) {
        if (!I->isWritten())
          continue;
        std::string Init =
            normalize(Text(I->getSourceRange()), FieldName, Params, Locals);
        if (!I->isMemberInitializer() ||
            (Init != "@P ( )" && Init != "@P ( @A0 )" &&
             Init != "@P ( @A0 . @P )"))
          return fail(F, I->getSourceLocation(),
                      "a constructor does more than copy a pointer (`" + Init +
                          "`)");
      }
      continue;
    }
    if (!M->isOverloadedOperator())
      return fail(F, M->getLocation(),
                  "'" + M->getNameAsString() +
                      "' is not an operator of a plain pointer");
    bool WrapperParam = M->getNumParams() == 1 &&
                        namesTemplate(M->getParamDecl(0)->getType(), T);
    std::string Why =
        forwardingMismatch(getOperatorSpelling(M->getOverloadedOperator()),
                           M->getNumParams(), WrapperParam, Body);
    if (!Why.empty())
      return fail(F, M->getLocation(), Why);
  }
  if (Self.empty())
    return fail(F, Pattern->getLocation(),
                "the class names itself by no nested type (the name the "
                "other branch gives the plain pointer)");
  F.Kind = BranchFacts::Wrapper;
  F.Member = llvm::join(Self, "|");
  for (ClassTemplateSpecializationDecl *S : T->specializations())
    if (S->hasDefinition())
      checkWrapperInstance(F, S, Self);
}

/// An instantiation: its one member a pointer, no virtual function, empty
/// bases, its nested names for itself, and the operators' types those of
/// the built-in operators (a reference where the pointer's operator gives
/// an lvalue).
void Collector::checkWrapperInstance(BranchFacts &F,
                                     ClassTemplateSpecializationDecl *S,
                                     const std::set<std::string> &Self) {
  QualType Me = Ctx.getRecordType(S).getCanonicalType();
  QualType Ptr;
  for (const FieldDecl *FD : S->fields())
    Ptr = FD->getType().getCanonicalType();
  if (Ptr.isNull() || !Ptr->isPointerType())
    return fail(F, S->getPointOfInstantiation(),
                "an instantiation's data member is not a pointer");
  if (S->isPolymorphic())
    return fail(F, S->getLocation(), "the class has virtual functions");
  for (const CXXBaseSpecifier &B : S->bases())
    if (const CXXRecordDecl *BD = B.getType()->getAsCXXRecordDecl();
        !BD || !BD->isEmpty())
      return fail(F, B.getBeginLoc(), "a base class is not empty");
  for (const std::string &N : Self)
    for (NamedDecl *D : S->lookup(&Ctx.Idents.get(N)))
      if (auto *TD = dyn_cast<TypedefNameDecl>(D);
          TD && TD->getUnderlyingType().getCanonicalType() != Me)
        return fail(F, TD->getLocation(), "'" + N + "' is not the class");
  QualType Pointee = Ptr->getPointeeType().getCanonicalType();
  auto IsRef = [&](QualType T, QualType To) {
    return T->isLValueReferenceType() &&
           T->getPointeeType().getCanonicalType() == To;
  };
  for (const CXXMethodDecl *M : S->methods()) {
    if (M->isImplicit() || !M->isOverloadedOperator())
      continue;
    QualType R = M->getReturnType().getCanonicalType();
    std::string Op = getOperatorSpelling(M->getOverloadedOperator());
    unsigned N = M->getNumParams();
    bool ItParam = N == 1 && wrapperGroup(M->getParamDecl(0)->getType());
    // The built-in pointer takes and gives offsets as ptrdiff_t: another
    // integer type converts (an unsigned `it - 1`, a narrow `it + 300`).
    QualType Diff = Ctx.getPointerDiffType().getCanonicalType();
    bool IntParam = N == 1 && M->getParamDecl(0)
                                      ->getType()
                                      .getNonReferenceType()
                                      .getCanonicalType()
                                      .getUnqualifiedType() == Diff;
    bool Ok = true;
    if ((Op == "++" || Op == "--") && N == 0)
      Ok = IsRef(R, Me);
    else if (Op == "++" || Op == "--")
      Ok = R == Me;
    else if (Op == "+=" || Op == "-=")
      Ok = IntParam && IsRef(R, Me);
    else if (Op == "=")
      Ok = ItParam && IsRef(R, Me);
    else if ((Op == "+" || Op == "-") && IntParam)
      Ok = R == Me;
    else if (Op == "-")
      Ok = ItParam && R == Diff;
    else if (Op == "*" || Op == "[]")
      Ok = (N == 0 || IntParam) && IsRef(R, Pointee);
    else if (Op == "->")
      Ok = R == Ptr;
    else
      Ok = ItParam && R->isBooleanType();
    if (!Ok)
      return fail(F, M->getLocation(),
                  "'operator" + Op +
                      "' does not have the types of the built-in pointer "
                      "operator");
  }
  F.PointerByArgs[argsOf(S)] = Ptr.getAsString(Policy);
}

} // namespace varsim::rewrite::templates::wrappers::facts
