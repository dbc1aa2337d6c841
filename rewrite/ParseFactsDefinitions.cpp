//===- rewrite/ParseFactsDefinitions.cpp - Definitions of a facts parse -===//
//
// The function definitions (with their bodies' traits, parameter lists and
// calls) and the named file-scope definitions of the project's files.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FeatureGroups.h"
#include "rewrite/ParseFactsCollector.h"
#include "rewrite/ProjectPaths.h"
#include "rewrite/SyntaxOnlyParse.h"
#include "rewrite/safety/StartupLowering.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Path.h"

#include <functional>

namespace varsim::rewrite::facts {
namespace {

/// What a function body holds that the rewriter cares about: loops and
/// gotos (lambdas included), predefined names that a renamed copy cannot
/// restore, state kept from call to call, calls of the project's code.
class BodyTraits : public RecursiveASTVisitor<BodyTraits> {
public:
  /// InProject: whether a declaration's place is one of the project's
  /// files (not a system or library header, not a builtin).
  BodyTraits(bool Cxx, std::function<bool(SourceLocation)> InProject)
      : Cxx(Cxx), InProject(std::move(InProject)) {}
  bool TraverseLambdaExpr(LambdaExpr *E) {
    ++InLambda;
    bool Result = RecursiveASTVisitor::TraverseLambdaExpr(E);
    --InLambda;
    return Result;
  }
  bool VisitForStmt(ForStmt *) { return loop(); }
  bool VisitWhileStmt(WhileStmt *) { return loop(); }
  bool VisitDoStmt(DoStmt *) { return loop(); }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *) { return loop(); }
  bool VisitGotoStmt(GotoStmt *) { return loop(); }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return loop(); }
  bool VisitPredefinedExpr(PredefinedExpr *E) {
    UsesFuncName = true;
    if (Cxx &&
        (InLambda || E->getIdentKind() == PredefinedIdentKind::PrettyFunction ||
         E->getIdentKind() == PredefinedIdentKind::PrettyFunctionNoVirtual))
      OpaqueFuncName = true;
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const VarDecl *V = savedState(E))
      ++References[V];
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      noteWrite(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      noteWrite(U->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->isAssignmentOp() && C->getNumArgs() > 0)
      noteWrite(C->getArg(0));
    return true;
  }
  /// Any call (member and operator calls included) of a function the
  /// project declares, or through a pointer (it may reach the project's
  /// code); a library function (memcpy) or a builtin is no such call.
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    if (!FD || declaredInProject(FD))
      CallsProject = true;
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    const CXXConstructorDecl *CD = C->getConstructor();
    if (CD && !CD->isTrivial() && declaredInProject(CD))
      CallsProject = true;
    return true;
  }
  bool VisitCXXNewExpr(CXXNewExpr *N) {
    if (const FunctionDecl *New = N->getOperatorNew();
        New && declaredInProject(New))
      CallsProject = true;
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *D) {
    QualType T = D->getDestroyedType();
    const CXXRecordDecl *RD = T.isNull() ? nullptr : T->getAsCXXRecordDecl();
    if (RD && RD->hasDefinition() && !RD->hasTrivialDestructor() &&
        declaredInProject(RD))
      CallsProject = true;
    return true;
  }
  /// A local of a class type whose destructor the project declares: it
  /// runs at the end of the scope.
  bool VisitVarDecl(VarDecl *V) {
    const CXXRecordDecl *RD =
        V->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
    if (RD && RD->hasDefinition() && !RD->hasTrivialDestructor() &&
        declaredInProject(RD))
      CallsProject = true;
    return true;
  }
  /// A variable of static storage duration that the body writes and also
  /// reads elsewhere than where it writes it (`++Calls` alone is a counter,
  /// not state its decisions read).
  bool keepsSavedState() const {
    return llvm::any_of(Writes, [&](const auto &W) {
      auto R = References.find(W.first);
      return R != References.end() && R->second > W.second;
    });
  }
  bool Loops = false, OpaqueFuncName = false, CallsProject = false;
  bool UsesFuncName = false;

private:
  bool declaredInProject(const Decl *D) const {
    for (const Decl *Redecl : D->redecls())
      if (InProject(Redecl->getLocation()))
        return true;
    return false;
  }
  static const VarDecl *savedState(const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V || !V->hasGlobalStorage() || V->getType().isConstQualified())
      return nullptr;
    return V;
  }
  /// The variable a write to E (`x`, `x.f`, `x[i]`) changes, if it is one
  /// of static storage duration.
  void noteWrite(const Expr *E) {
    while (true) {
      E = E->IgnoreParenImpCasts();
      if (const auto *M = dyn_cast<MemberExpr>(E); M && !M->isArrow())
        E = M->getBase();
      else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E);
               A && A->getBase()->getType()->isArrayType())
        E = A->getBase();
      else
        break;
    }
    if (const VarDecl *V = savedState(E))
      ++Writes[V];
  }
  bool Cxx;
  std::function<bool(SourceLocation)> InProject;
  unsigned InLambda = 0;
  llvm::DenseMap<const VarDecl *, unsigned> References, Writes;
  bool loop() {
    Loops = true;
    return true;
  }
};

/// A member template's access is its template's.
bool privateMember(const FunctionDecl *FD) {
  if (const FunctionTemplateDecl *FT = FD->getDescribedFunctionTemplate())
    return FT->getAccess() == AS_private;
  return FD->getAccess() == AS_private;
}

/// The template head of a function template ("" for other functions):
/// each parameter's kind and, for a constant parameter, its type.
std::string templateHeadKey(const FunctionDecl *FD) {
  const FunctionTemplateDecl *FT = FD->getDescribedFunctionTemplate();
  if (!FT)
    return "";
  std::string Key = "|template<";
  for (const NamedDecl *P : *FT->getTemplateParameters()) {
    if (const auto *N = dyn_cast<NonTypeTemplateParmDecl>(P))
      Key += N->getType().getAsString();
    else if (isa<TemplateTemplateParmDecl>(P))
      Key += "template";
    else
      Key += "typename";
    if (P->isTemplateParameterPack())
      Key += "...";
    Key += ",";
  }
  return Key + ">";
}

} // namespace

bool DefinitionCollector::TraverseDecl(Decl *D) {
  if (!D || isa<TranslationUnitDecl>(D))
    return RecursiveASTVisitor::TraverseDecl(D);
  SourceLocation L = R.SM.getExpansionLoc(D->getLocation());
  if (L.isInvalid() || !State.projectPath(R.SM.getFileID(L)))
    return true;
  return RecursiveASTVisitor::TraverseDecl(D);
}

bool DefinitionCollector::VisitFunctionDecl(FunctionDecl *FD) {
  recordParamList(FD);
  recordStartupFunction(FD);
  if (FD->isImplicit() || FD->isDefaulted() ||
      !FD->doesThisDeclarationHaveABody())
    return true;
  auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body || Body->getLBracLoc().isMacroID() || FD->getLocation().isMacroID())
    return true;
  FileID FID = R.SM.getFileID(Body->getLBracLoc());
  const std::string *Path = State.projectPath(FID);
  if (!Path)
    return true;
  FunctionFact F;
  F.Name = FD->getQualifiedNameAsString();
  bool Internal =
      FD->getStorageClass() == SC_Static || FD->isInAnonymousNamespace();
  // Overloads that differ only in being templates (RapidJSON's
  // `template <unsigned F> Parse(const Ch *)` next to `Parse(const Ch *)`)
  // are distinct functions, not one function's variants.
  F.Key = F.Name + "|" + FD->getType().getAsString() + templateHeadKey(FD) +
          (Internal ? "|" + *Path : "");
  F.CLanguage = !Ctx.getLangOpts().CPlusPlus;
  F.OldStyle = F.CLanguage && !FD->hasWrittenPrototype();
  auto DR = R.of(FD->getSourceRange(), FID);
  F.DeclBegin = DR ? DR->first : R.offset(FD->getBeginLoc());
  F.NameBegin = R.offset(FD->getLocation());
  if (auto S = State.Structures.find(*Path); S != State.Structures.end())
    F.DeclBegin = declarationStart(S->second, F.DeclBegin, F.NameBegin);
  F.NameLength = FD->getDeclName().isIdentifier()
                     ? static_cast<unsigned>(FD->getName().size())
                     : 0;
  F.BodyBegin = R.offset(Body->getLBracLoc());
  F.BodyEnd = R.offset(Body->getRBracLoc());
  F.Line = R.line(FD->getBeginLoc());
  F.EndLine = R.line(Body->getRBracLoc());
  F.Constexpr = FD->isConstexpr() || FD->isConsteval();
  F.Member = isa<CXXMethodDecl>(FD);
  if (auto *MD = dyn_cast<CXXMethodDecl>(FD))
    F.Lambda = MD->getParent()->isLambda();
  F.Variadic = FD->isVariadic();
  F.Template = FD->isTemplated();
  F.OwnTemplate = FD->getDescribedFunctionTemplate() != nullptr;
  F.OutOfLine = FD->isOutOfLine();
  if (FD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization &&
      FD->getPrimaryTemplate() && FD->getNumTemplateParameterLists() == 1) {
    const TemplateParameterList *Head = FD->getTemplateParameterList(0);
    SourceLocation B = Head->getTemplateLoc(), E = Head->getRAngleLoc();
    if (B.isFileID() && E.isFileID() && R.SM.getFileID(B) == FID &&
        R.SM.getFileID(E) == FID && Head->size() == 0) {
      F.SpecializationHeadBegin = R.SM.getFileOffset(B);
      F.SpecializationHeadEnd = R.SM.getFileOffset(E) + 1;
    }
  }
  F.Structor = isa<CXXConstructorDecl>(FD) || isa<CXXDestructorDecl>(FD);
  if (FunctionTypeLoc TL = FD->getFunctionTypeLoc()) {
    SourceLocation L = TL.getLParenLoc(), RP = TL.getRParenLoc();
    if (L.isValid() && RP.isValid() && L.isFileID() && RP.isFileID() &&
        R.SM.getFileID(L) == FID && R.SM.getFileID(RP) == FID) {
      F.ParamsBegin = R.SM.getFileOffset(L);
      F.ParamsEnd = R.SM.getFileOffset(RP) + 1;
    }
  }
  F.Main = FD->isMain();
  BodyTraits Traits(Ctx.getLangOpts().CPlusPlus, [&](SourceLocation L) {
    L = R.SM.getExpansionLoc(L);
    return L.isValid() && State.projectPath(R.SM.getFileID(L)) != nullptr;
  });
  Traits.TraverseStmt(Body);
  F.Loops = Traits.Loops;
  F.CallsProject = Traits.CallsProject;
  F.OpaqueFuncName = Traits.OpaqueFuncName;
  F.UsesFuncName = Traits.UsesFuncName;
  F.Cxx11 = Ctx.getLangOpts().CPlusPlus11;
  if (auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && privateMember(MD) && !MD->getParent()->isLambda() &&
      MD->getParent()->friend_begin() == MD->getParent()->friend_end())
    F.SealedMember = membersDefinedIn(MD->getParent(), FID);
  recordReturnType(FD, FID, F);
  F.SavedState = Traits.keepsSavedState();
  F.ReturnsVoid = FD->getReturnType()->isVoidType();
  for (ParmVarDecl *P : FD->parameters()) {
    if (P->getName().empty())
      F.ParamsNamed = false;
    F.Params.push_back(P->getName().str());
  }
  if (F.OutOfLine)
    classDeclaration(FD, F);
  State.Result.Files[*Path].Functions.push_back(std::move(F));
  if (auto *CD = dyn_cast<CXXConstructorDecl>(FD))
    addInitializers(CD, FID, *Path);
  return true;
}

bool DefinitionCollector::VisitCallExpr(CallExpr *CE) {
  if (isa<CXXOperatorCallExpr>(CE))
    return true;
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !conditionalParams(FD))
    return true;
  CalleeRefs.insert(CE->getCallee()->IgnoreParenImpCasts());
  recordCall(CE, FD, {CE->getArgs(), CE->getNumArgs()}, CE->getRParenLoc());
  return true;
}

bool DefinitionCollector::VisitCXXConstructExpr(CXXConstructExpr *CE) {
  const FunctionDecl *FD = CE->getConstructor();
  if (!FD || !conditionalParams(FD))
    return true;
  recordCall(CE, FD, {CE->getArgs(), CE->getNumArgs()},
             CE->getParenOrBraceRange().getEnd());
  return true;
}

bool DefinitionCollector::VisitDeclRefExpr(DeclRefExpr *E) {
  auto *FD = dyn_cast<FunctionDecl>(E->getDecl());
  if (!FD || CalleeRefs.count(E) || !conditionalParams(FD))
    return true;
  recordCall(E, FD, {}, SourceLocation(),
             "its address is taken (or it is named outside a call), and "
             "the calls through that pointer cannot be given the "
             "parameters of every configuration");
  return true;
}

bool DefinitionCollector::VisitCaseStmt(CaseStmt *CS) {
  constantUses(CS->getLHS(), "a case label");
  if (CS->getRHS())
    constantUses(CS->getRHS(), "a case label");
  return true;
}

bool DefinitionCollector::VisitFieldDecl(FieldDecl *FD) {
  if (FD->isBitField())
    constantUses(FD->getBitWidth(), "a bit-field width");
  addField(FD);
  return true;
}

bool DefinitionCollector::VisitArrayTypeLoc(ArrayTypeLoc TL) {
  constantUses(TL.getSizeExpr(), "an array bound");
  return true;
}

bool DefinitionCollector::VisitTemplateSpecializationTypeLoc(
    TemplateSpecializationTypeLoc TL) {
  for (unsigned I = 0; I < TL.getNumArgs(); ++I) {
    TemplateArgumentLoc A = TL.getArgLoc(I);
    if (A.getArgument().getKind() == TemplateArgument::Expression)
      constantUses(A.getSourceExpression(), "a template argument");
  }
  return true;
}

bool DefinitionCollector::VisitStaticAssertDecl(StaticAssertDecl *SA) {
  constantUses(SA->getAssertExpr(), "a static_assert");
  return true;
}

bool DefinitionCollector::VisitStringLiteral(StringLiteral *SL) {
  if (SL->getNumConcatenated() < 2)
    return true;
  std::set<unsigned> Places, FromMacro;
  FileID FID;
  for (unsigned I = 0; I < SL->getNumConcatenated(); ++I) {
    SourceLocation L = SL->getStrTokenLoc(I);
    SourceLocation X = R.SM.getExpansionLoc(L);
    if (I == 0)
      FID = R.SM.getFileID(X);
    else if (R.SM.getFileID(X) != FID)
      return true;
    Places.insert(R.SM.getFileOffset(X));
    if (L.isMacroID())
      FromMacro.insert(R.SM.getFileOffset(X));
  }
  if (Places.size() < 2 || FromMacro.empty())
    return true;
  const std::string *Path = State.projectPath(FID);
  if (!Path)
    return true;
  auto First = State.FirstFID.find(*Path);
  auto Ex = State.Expansions.find(*Path);
  if (First == State.FirstFID.end() || First->second != FID ||
      Ex == State.Expansions.end())
    return true;
  for (const auto &[Offset, Macro] : Ex->second)
    if (FromMacro.count(Offset))
      State.Result.Files[*Path].ConstantUses.push_back(
          {Macro, Offset, "a string literal concatenation"});
  return true;
}

bool DefinitionCollector::VisitEnumConstantDecl(EnumConstantDecl *EC) {
  constantUses(EC->getInitExpr(), "an enumerator");
  return true;
}

bool DefinitionCollector::VisitVarDecl(VarDecl *VD) {
  recordStartupObject(VD);
  // C requires constant initializers for static storage; C++ only for
  // constexpr (other statics are initialized dynamically).
  if (!isa<ParmVarDecl>(VD) && VD->hasInit() &&
      ((VD->hasGlobalStorage() && !Ctx.getLangOpts().CPlusPlus) ||
       VD->isConstexpr())) {
    size_t Before = 0;
    std::vector<ConstantUse> *List = nullptr;
    SourceLocation B = R.SM.getExpansionLoc(VD->getInit()->getBeginLoc());
    if (B.isFileID())
      if (const std::string *Path = State.projectPath(R.SM.getFileID(B))) {
        List = &State.Result.Files[*Path].ConstantUses;
        Before = List->size();
      }
    constantUses(VD->getInit(), "a static initializer");
    // A file-scope variable: the simulator may set its initial value per
    // configuration at start-up (FileRewriter; a const one loses its
    // `const`).
    if (List && List->size() > Before && VD->isFileVarDecl() &&
        VD->isThisDeclarationADefinition() == VarDecl::Definition &&
        !Ctx.getLangOpts().CPlusPlus)
      if (auto Range =
              R.of(VD->getInit()->getSourceRange(), R.SM.getFileID(B))) {
        bool Const =
            VD->getType().isConstQualified() ||
            (VD->getType()->isArrayType() && Ctx.getAsArrayType(VD->getType())
                                                 ->getElementType()
                                                 .isConstQualified());
        unsigned DeclBegin = 0, NameOffset = 0;
        SourceLocation DB = VD->getBeginLoc(), NL = VD->getLocation();
        if (DB.isFileID() && NL.isFileID() &&
            R.SM.getFileID(DB) == R.SM.getFileID(B) &&
            R.SM.getFileID(NL) == R.SM.getFileID(B)) {
          DeclBegin = R.SM.getFileOffset(DB);
          NameOffset = R.SM.getFileOffset(NL);
        }
        for (size_t I = Before; I < List->size(); ++I) {
          (*List)[I].Var = VD->getName().str();
          (*List)[I].InitBegin = Range->first;
          (*List)[I].InitEnd = Range->second;
          (*List)[I].Const = Const;
          (*List)[I].DeclBegin = DeclBegin;
          (*List)[I].NameOffset = NameOffset;
        }
      }
  }
  if (!VD->isFileVarDecl() || isa<ParmVarDecl>(VD) ||
      VD->isThisDeclarationADefinition() != VarDecl::Definition)
    return true;
  if (VD->isStaticDataMember() || isa<VarTemplateSpecializationDecl>(VD))
    return true;
  add(DefinitionFact::Variable, VD);
  return true;
}

bool DefinitionCollector::VisitTagDecl(TagDecl *TD) {
  if (TD->isCompleteDefinition() && TD->getIdentifier() &&
      !TD->getDeclContext()->isFunctionOrMethod() &&
      !isa<ClassTemplateSpecializationDecl>(TD))
    add(DefinitionFact::Tag, TD);
  return true;
}

bool DefinitionCollector::VisitTypedefNameDecl(TypedefNameDecl *TD) {
  if (!TD->getDeclContext()->isFunctionOrMethod() &&
      !TD->getDeclContext()->isRecord())
    add(DefinitionFact::Typedef, TD);
  return true;
}

void DefinitionCollector::constantUses(const Expr *E, const char *Context) {
  if (!E)
    return;
  SourceLocation B = R.SM.getExpansionLoc(E->getBeginLoc());
  if (!B.isFileID())
    return;
  const std::string *Path = State.projectPath(R.SM.getFileID(B));
  if (!Path)
    return;
  auto First = State.FirstFID.find(*Path);
  if (First == State.FirstFID.end() || First->second != R.SM.getFileID(B))
    return;
  auto Range = R.of(E->getSourceRange(), First->second);
  auto Ex = State.Expansions.find(*Path);
  if (!Range || Ex == State.Expansions.end())
    return;
  for (const auto &[Offset, Macro] : Ex->second)
    if (Range->first <= Offset && Offset < Range->second)
      State.Result.Files[*Path].ConstantUses.push_back(
          {Macro, Offset, Context});
}

bool DefinitionCollector::membersDefinedIn(const CXXRecordDecl *RD,
                                           FileID FID) {
  auto DefinedHere = [&](const FunctionDecl *FD) {
    if (FD->isDeleted() || FD->isDefaulted() || FD->isPureVirtual() ||
        FD->isImplicit())
      return true;
    const FunctionDecl *Def = nullptr;
    if (!FD->hasBody(Def) || !Def) {
      // C++03's noncopyable idiom declares a private (or protected) copy
      // constructor and assignment and defines neither; any other member
      // may be defined in another translation unit.
      const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD);
      const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      return FD->getAccess() != AS_public &&
             ((Ctor && Ctor->isCopyOrMoveConstructor()) ||
              (MD && (MD->isCopyAssignmentOperator() ||
                      MD->isMoveAssignmentOperator())));
    }
    SourceLocation L = R.SM.getExpansionLoc(Def->getLocation());
    return L.isValid() && R.SM.getFileID(L) == FID;
  };
  for (const Decl *D : RD->decls()) {
    if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D))
      D = FT->getTemplatedDecl();
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (!DefinedHere(FD))
        return false;
    } else if (const auto *NT = dyn_cast<ClassTemplateDecl>(D)) {
      // A class template declared only for its specializations (which are
      // members, checked in turn) has no members to check; one defined is
      // a nested class.
      D = NT->getTemplatedDecl();
      if (!NT->getTemplatedDecl()->getDefinition())
        continue;
    }
    // A nested class's members reach the enclosing class's private ones;
    // one defined elsewhere (`class Outer::Inner { ... }`) may call them.
    if (const auto *Nested = dyn_cast_or_null<CXXRecordDecl>(D);
        Nested && !Nested->isImplicit()) {
      const CXXRecordDecl *Def = Nested->getDefinition();
      SourceLocation L =
          Def ? R.SM.getExpansionLoc(Def->getLocation()) : SourceLocation();
      if (!Def || L.isInvalid() || R.SM.getFileID(L) != FID ||
          !membersDefinedIn(Def, FID))
        return false;
    }
  }
  return true;
}

void DefinitionCollector::recordReturnType(const FunctionDecl *FD, FileID FID,
                                           FunctionFact &F) {
  // Invalid for a trailing return type (it ends after the name).
  SourceRange RT = FD->getReturnTypeSourceRange();
  if (RT.isInvalid() || !RT.getBegin().isFileID() || !RT.getEnd().isFileID())
    return;
  auto Range = R.of(RT, FID);
  if (!Range)
    return;
  // A qualifier in front of the type has no place in its TypeLoc: `const
  // char *` starts at `char`.
  llvm::StringRef Buffer = R.SM.getBufferData(FID);
  unsigned Begin = Range->first;
  while (true) {
    llvm::StringRef Before = Buffer.take_front(Begin).rtrim();
    llvm::StringRef Word;
    for (llvm::StringRef Q : {"const", "volatile"})
      if (Before.ends_with(Q) && (Before.size() == Q.size() ||
                                  !clang::isAsciiIdentifierContinue(
                                      Before[Before.size() - Q.size() - 1])))
        Word = Q;
    if (Word.empty())
      break;
    Begin = static_cast<unsigned>(Before.size() - Word.size());
  }
  F.ReturnTypeBegin = Begin;
  F.ReturnTypeEnd = Range->second;
}

void DefinitionCollector::classDeclaration(const FunctionDecl *FD,
                                           FunctionFact &F) {
  const FunctionDecl *Decl = FD->getCanonicalDecl();
  if (Decl == FD || Decl->getLocation().isMacroID() ||
      Decl->getBeginLoc().isMacroID() || Decl->getEndLoc().isMacroID())
    return;
  FileID DFID = R.SM.getFileID(Decl->getLocation());
  const std::string *DPath = State.projectPath(DFID);
  if (!DPath)
    return;
  auto Range = R.of(Decl->getSourceRange(), DFID);
  if (!Range)
    return;
  llvm::StringRef Buffer = R.SM.getBufferData(DFID);
  size_t After = Range->second;
  while (After < Buffer.size() &&
         std::isspace(static_cast<unsigned char>(Buffer[After])))
    ++After;
  if (After >= Buffer.size() || Buffer[After] != ';')
    return;
  F.ClassDeclFile = *DPath;
  F.ClassDeclBegin = Range->first;
  F.ClassDeclName = R.offset(Decl->getLocation());
  F.ClassDeclEnd = static_cast<unsigned>(After + 1);
}

void DefinitionCollector::addField(FieldDecl *FD) {
  if (FD->getLocation().isMacroID() || FD->getBeginLoc().isMacroID() ||
      FD->getEndLoc().isMacroID() || !FD->getIdentifier())
    return;
  FileID FID = R.SM.getFileID(FD->getLocation());
  const std::string *Path = State.projectPath(FID);
  if (!Path)
    return;
  auto Range = R.of(FD->getSourceRange(), FID);
  if (!Range)
    return;
  const RecordDecl *RD = FD->getParent();
  FieldFact F;
  F.Record = RD->getQualifiedNameAsString() + "@" +
             std::to_string(R.offset(RD->getLocation()));
  F.Name = FD->getName().str();
  llvm::StringRef Buffer = R.SM.getBufferData(FID);
  llvm::StringRef Text = Buffer.slice(Range->first, Range->second);
  F.Declaration = FD->getType().getCanonicalType().getAsString() + "|";
  bool Space = false;
  for (char C : Text) {
    if (std::isspace(static_cast<unsigned char>(C))) {
      Space = true;
      continue;
    }
    if (Space && !F.Declaration.empty() && F.Declaration.back() != '|')
      F.Declaration += ' ';
    Space = false;
    F.Declaration += C;
  }
  F.Begin = Range->first;
  size_t After = Range->second;
  while (After < Buffer.size() &&
         (Buffer[After] == ' ' || Buffer[After] == '\t'))
    ++After;
  if (After < Buffer.size() && Buffer[After] == ';')
    F.End = static_cast<unsigned>(After + 1);
  State.Result.Files[*Path].Fields.push_back(std::move(F));
}

void DefinitionCollector::add(DefinitionFact::Kind K, NamedDecl *D) {
  if (D->getLocation().isMacroID())
    return;
  FileID FID = R.SM.getFileID(D->getLocation());
  const std::string *Path = State.projectPath(FID);
  if (!Path)
    return;
  DefinitionFact F;
  F.K = K;
  F.Name = D->getQualifiedNameAsString();
  bool Internal = false;
  if (auto *VD = dyn_cast<VarDecl>(D))
    Internal = VD->getStorageClass() == SC_Static;
  // Types and internal variables are per file in C; in C++ types must
  // agree program-wide, but a difference across files is a separate
  // (ODR) problem that the compiler does not see either.
  if (K != DefinitionFact::Variable || Internal)
    Internal = true;
  F.Key = std::to_string(static_cast<int>(K)) + "|" + F.Name +
          (Internal ? "|" + *Path : "");
  if (auto *VD = dyn_cast<ValueDecl>(D))
    F.Type = VD->getType().getAsString(Ctx.getPrintingPolicy());
  else if (auto *TD = dyn_cast<TypedefNameDecl>(D))
    F.Type = TD->getUnderlyingType().getAsString(Ctx.getPrintingPolicy());
  else if (auto *Tag = dyn_cast<TagDecl>(D))
    F.Type = Tag->getKindName().str();
  F.Offset = R.offset(D->getLocation());
  State.Result.Files[*Path].Definitions.push_back(std::move(F));
}

void collectDefinitions(ParseState &S, ASTContext &Ctx) {
  DefinitionCollector DC(S, Ctx);
  DC.TraverseDecl(Ctx.getTranslationUnitDecl());
}

} // namespace varsim::rewrite::facts
