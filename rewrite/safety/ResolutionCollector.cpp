//===- rewrite/safety/ResolutionCollector.cpp - What names resolve to -----===//

#include "rewrite/safety/ResolutionCollector.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <vector>

namespace varsim::rewrite::safety {

using namespace clang;

namespace {

/// Records the expansions of the macros that the rewriter selects at run
/// time, where the definition used lies in a feature branch of the project.
class ExpansionRecorder : public PPCallbacks {
public:
  ExpansionRecorder(SourceManager &SM, const ProjectLayout &Project,
                    const FeatureRanges &Ranges,
                    std::shared_ptr<ExpansionTable> Table)
      : Files(SM, Project), Ranges(Ranges), Table(std::move(Table)) {}

  void MacroExpands(const Token &Name, const MacroDefinition &MD,
                    SourceRange Range, const MacroArgs *) override {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    const MacroInfo *MI = MD.getMacroInfo();
    if (!II || !MI || !Ranges.isSelectedMacro(II->getName()))
      return;
    ProjectFiles::Place Def = Files.place(MI->getDefinitionLoc());
    if (!Def.File)
      return;
    const std::string *Cond = Ranges.conditionAt(*Def.File, Def.Offset);
    if (!Cond)
      return; // Not one of its per-feature definitions.
    ProjectFiles::Place At = Files.place(Range.getBegin());
    if (!At.File)
      return;
    SourceManager &SM = Files.SM;
    std::pair<unsigned, unsigned> Key{
        SM.getFileLoc(Range.getBegin()).getRawEncoding(),
        SM.getFileLoc(Range.getEnd()).getRawEncoding()};
    auto [It, New] = Table->ByRange.try_emplace(
        Key, ExpansionTable::Entry{II->getName().str(), *Cond, Key.first,
                                   Key.second});
    if (New)
      Table->ByBegin.try_emplace(Key.first, &It->second);
  }

private:
  ProjectFiles Files;
  const FeatureRanges &Ranges;
  std::shared_ptr<ExpansionTable> Table;
};

class ResolutionVisitor : public RecursiveASTVisitor<ResolutionVisitor> {
public:
  ResolutionVisitor(ASTContext &Ctx, ProjectFiles &Files,
                    const ProjectLayout &Project, const FeatureRanges &Ranges,
                    const ExpansionTable &Table, SafetyFacts &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Files(Files), Project(Project),
        Ranges(Ranges), Table(Table), Out(Out) {}

  bool TraverseDecl(Decl *D) {
    if (!D || isa<TranslationUnitDecl>(D))
      return RecursiveASTVisitor::TraverseDecl(D);
    if (!Files.place(D->getLocation()).File)
      return true; // Outside the project.
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  // A static assertion that fails stops the build: loud, not silent.
  bool TraverseStaticAssertDecl(StaticAssertDecl *) { return true; }

  // The blocks that scope locals: two locals of one name and type in one
  // block (`int n = 3;` / `int n = 1;` in #ifdef/#else) are one entity.
  bool TraverseCompoundStmt(CompoundStmt *S) {
    Blocks.push_back(Files.place(S->getBeginLoc()).Offset);
    bool Result = RecursiveASTVisitor::TraverseCompoundStmt(S);
    Blocks.pop_back();
    return Result;
  }

  bool VisitDeclStmt(DeclStmt *S) {
    if (!S->isSingleDecl())
      for (const Decl *D : S->decls())
        SharedStatement.insert(D);
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->isLocalVarDecl())
      BlockOf[VD] = Blocks.empty() ? 0 : Blocks.back();
    if (!isa<ParmVarDecl>(VD))
      storageClassFromMacro(VD, VD->isThisDeclarationADefinition() !=
                                    VarDecl::DeclarationOnly);
    return true;
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    storageClassFromMacro(FD, FD->isThisDeclarationADefinition());
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    reference(E->getLocation(), 'D', E->getDecl());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    reference(E->getMemberLoc(), 'M', E->getMemberDecl());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    reference(E->getLocation(), 'C', E->getConstructor());
    return true;
  }

  // --- Macros selected at run time ----------------------------------------

  bool VisitExpr(Expr *E) {
    if (Table.ByRange.empty())
      return true;
    const ExpansionTable::Entry *X =
        expansionOf(E->getBeginLoc(), E->getEndLoc());
    if (!X || Typed.count(X))
      return true;
    // The outermost node: the type its context converts it to.
    if (Converted.insert(X).second && !E->getType().isNull() &&
        !E->getType()->isDependentType())
      fact(*X).Converted =
          E->getType().getCanonicalType().getUnqualifiedType().getAsString(
              Ctx.getPrintingPolicy());
    // The expression the expansion produces, before the conversions its
    // context applies (array and function decay excepted: the ?: of the
    // selection decays its operands too).
    QualType T = E->getType();
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
      if (IC->getCastKind() != CK_ArrayToPointerDecay &&
          IC->getCastKind() != CK_FunctionToPointerDecay)
        return true;
    } else if (isa<FullExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr>(
                   E)) {
      return true;
    }
    Typed.insert(X);
    MacroExpansionFact &F = fact(*X);
    if (!T.isNull() && !T->isDependentType())
      F.Type = T.getCanonicalType().getUnqualifiedType().getAsString(
          Ctx.getPrintingPolicy());
    return true;
  }

  // `(int)FACTOR`: the cast is the context's conversion (no implicit cast
  // sits between it and the expansion).
  bool VisitExplicitCastExpr(ExplicitCastExpr *E) {
    if (Table.ByRange.empty())
      return true;
    const Expr *Sub = E->getSubExpr();
    const ExpansionTable::Entry *X =
        expansionOf(Sub->getBeginLoc(), Sub->getEndLoc());
    if (X && Converted.insert(X).second && !E->getType().isNull() &&
        !E->getType()->isDependentType())
      fact(*X).Converted =
          E->getType().getCanonicalType().getUnqualifiedType().getAsString(
              Ctx.getPrintingPolicy());
    return true;
  }

  bool VisitTypeLoc(TypeLoc TL) {
    if (Table.ByRange.empty())
      return true;
    // Only a macro that expands to a type (the type is its whole
    // expansion) is one: a type inside a statement or expression macro
    // (`((void)0)`, `do { int t = x; ... } while (0)`, a cast) is not.
    SourceLocation B = TL.getBeginLoc(), E = TL.getEndLoc();
    if (B.isMacroID() && !SM.isAtStartOfImmediateMacroExpansion(B))
      return true;
    // The end test takes the location just past the last token.
    if (E.isMacroID() && !SM.isAtEndOfImmediateMacroExpansion(
                             E.getLocWithOffset(Lexer::MeasureTokenLength(
                                 SM.getSpellingLoc(E), SM, Ctx.getLangOpts()))))
      return true;
    if (const ExpansionTable::Entry *X =
            expansionOf(TL.getBeginLoc(), TL.getEndLoc());
        X && Typed.insert(X).second)
      fact(*X).IsType = true;
    return true;
  }

  // S3: `"tool 1.0" SUFFIX` is one literal in each variant; a selection at
  // run time is not a literal.
  bool VisitStringLiteral(StringLiteral *SL) {
    if (Table.ByBegin.empty() || SL->getNumConcatenated() < 2)
      return true;
    const ExpansionTable::Entry *Hit = nullptr;
    std::vector<unsigned> Tokens;
    for (unsigned I = 0; I < SL->getNumConcatenated(); ++I) {
      SourceLocation L = SL->getStrTokenLoc(I);
      unsigned Raw = SM.getFileLoc(L).getRawEncoding();
      Tokens.push_back(Raw);
      if (L.isMacroID() && !Hit)
        if (auto It = Table.ByBegin.find(Raw); It != Table.ByBegin.end())
          Hit = It->second;
    }
    // A literal concatenated inside the macro's own expansion (in its body,
    // or with its arguments) is one literal per variant: harmless.
    SourceLocation Begin =
                       SourceLocation::getFromRawEncoding(Hit ? Hit->Begin : 0),
                   End = SourceLocation::getFromRawEncoding(Hit ? Hit->End : 0);
    if (!Hit || llvm::all_of(Tokens, [&](unsigned Raw) {
          SourceLocation L = SourceLocation::getFromRawEncoding(Raw);
          return !SM.isBeforeInTranslationUnit(L, Begin) &&
                 !SM.isBeforeInTranslationUnit(End, L);
        }))
      return true;
    ProjectFiles::Place P =
        Files.place(SourceLocation::getFromRawEncoding(Hit->Begin));
    if (!P.File)
      return true;
    // In a function body the rewriter copies the function per
    // configuration of the macro's features, each copy with the macro's
    // own definition (FileRewriter::liftConstantUses, "a string literal
    // concatenation"), or refuses there, located.
    if (inFunctionBody(SL))
      return true;
    Out.Findings.push_back(
        {Files.point(P),
         "the macro '" + Hit->Macro +
             "' defined differently per feature is concatenated with a "
             "string literal here, outside a function body; selected at run "
             "time it is no longer a literal and cannot be concatenated: "
             "define the whole string per feature, or build it in a "
             "function"});
    return true;
  }

private:
  /// Whether S lies in the body of a function (a lambda's included).
  bool inFunctionBody(const Stmt *S) {
    DynTypedNodeList Parents = Ctx.getParents(*S);
    while (!Parents.empty()) {
      const DynTypedNode &N = Parents[0];
      // The first declaration up the tree: a function, or a declaration
      // in one (`int n = printf("[" TAG "] ");`).
      if (const auto *D = N.get<Decl>())
        return isa<FunctionDecl>(D) || isa<BlockDecl>(D) ||
               D->getParentFunctionOrMethod() != nullptr;
      Parents = Ctx.getParents(N);
    }
    return false;
  }

  /// A declaration that a storage macro (`STATIC`: empty or `static` per
  /// feature) begins. The rewriter keeps the empty definition: harmless
  /// for a file-scope definition whose name no other unit defines (judged
  /// later), not for a local or a member, which `static` changes.
  void storageClassFromMacro(const NamedDecl *D, bool Definition) {
    SourceLocation B = D->getBeginLoc();
    if (Table.ByBegin.empty() || B.isInvalid() || !B.isMacroID())
      return;
    auto It = Table.ByBegin.find(SM.getFileLoc(B).getRawEncoding());
    if (It == Table.ByBegin.end() || !Ranges.isStorageMacro(It->second->Macro))
      return;
    ProjectFiles::Place P =
        Files.place(SourceLocation::getFromRawEncoding(It->second->Begin));
    if (!P.File)
      return;
    if (!D->getDeclContext()->getRedeclContext()->isFileContext()) {
      Out.Findings.push_back(
          {Files.point(P),
           "the macro '" + It->second->Macro +
               "' is empty in some variants and 'static' in others, and "
               "here it begins the declaration of " +
               (isa<FunctionDecl>(D) ? "the member function '"
                : isa<VarDecl>(D) && cast<VarDecl>(D)->isStaticDataMember()
                    ? "the member '"
                    : "the local '") +
               D->getNameAsString() +
               "': the simulator keeps the empty definition, which would "
               "change what it declares; use such a macro only for "
               "file-scope definitions"});
      return;
    }
    if (Definition)
      Out.StorageDefinitions.try_emplace(D->getQualifiedNameAsString(),
                                         Files.point(P), It->second->Macro);
  }

  const ExpansionTable::Entry *expansionOf(SourceLocation B, SourceLocation E) {
    if (B.isInvalid() || E.isInvalid() || (!B.isMacroID() && !E.isMacroID()))
      return nullptr;
    // Every expression is asked (in Lua, most begin in a macro): the
    // begin alone rules out nearly all, and nested expressions share it.
    unsigned Begin = fileLoc(B);
    if (!Table.ByBegin.count(Begin))
      return nullptr;
    auto It = Table.ByRange.find({Begin, fileLoc(E)});
    return It == Table.ByRange.end() ? nullptr : &It->second;
  }

  unsigned fileLoc(SourceLocation L) {
    return Files.fileLoc(L).getRawEncoding();
  }

  MacroExpansionFact &fact(const ExpansionTable::Entry &X) {
    ProjectFiles::Place P =
        Files.place(SourceLocation::getFromRawEncoding(X.Begin));
    std::string Key =
        (P.File ? *P.File : std::string()) + ":" + std::to_string(P.Offset);
    MacroExpansionFact &F = Out.Expansions[Key];
    F.Macro = X.Macro;
    F.File = P.File ? *P.File : "";
    F.Offset = P.Offset;
    F.Condition = X.Condition;
    return F;
  }

  void reference(SourceLocation Loc, char Kind, const ValueDecl *D) {
    if (!D || Loc.isInvalid())
      return;
    ProjectFiles::Place P = Files.place(Loc);
    if (!P.File)
      return;
    std::string Key = *P.File + ":" + std::to_string(P.Offset) + Kind;
    if (Loc.isMacroID()) {
      // Several names of one expansion: tell them apart by where the
      // macro spells them.
      SourceLocation S = SM.getSpellingLoc(Loc);
      Key += ":" + SM.getFilename(S).str() + ":" +
             std::to_string(SM.getFileOffset(S));
    }
    unsigned Index = entity(D);
    auto [It, New] = Out.References.try_emplace(
        Key, ReferenceSite{*P.File, P.Offset, D->getNameAsString(), Index});
    if (!New && It->second.Entity != Index &&
        !Out.Entities[It->second.Entity].sameEntity(Out.Entities[Index]))
      It->second.Ambiguous = true;
  }

  std::string typeText(QualType T) const {
    return T.getAsString(Ctx.getPrintingPolicy());
  }

  std::string functionKey(const FunctionDecl *FD) const {
    return FD->getQualifiedNameAsString() + " " +
           typeText(FD->getType().getCanonicalType());
  }

  /// "main.cpp:2" (project-relative) or "/usr/include/x.h:12".
  std::string where(const Decl *D) const {
    ProjectFiles::Place P = Files.place(D->getLocation());
    if (P.File)
      return Project.relativeToRoot(*P.File) + ":" +
             std::to_string(SM.getLineNumber(P.FID, P.Offset));
    PresumedLoc PL = SM.getPresumedLoc(SM.getFileLoc(D->getLocation()));
    if (PL.isInvalid())
      return "<built-in>";
    return std::string(PL.getFilename()) + ":" + std::to_string(PL.getLine());
  }

  unsigned entity(const ValueDecl *D) {
    const Decl *Canon = D->getCanonicalDecl();
    if (auto It = Entities.find(Canon); It != Entities.end())
      return It->second;
    ResolvedEntity E;
    const Decl *Shown = D;
    E.Name = D->getQualifiedNameAsString();
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      E.Kind = isa<CXXConstructorDecl>(FD) ? "constructor"
               : isa<CXXMethodDecl>(FD)    ? "member function"
                                           : "function";
      E.CFunction = !FD->getLangOpts().CPlusPlus;
      if (const auto *M = dyn_cast<CXXMethodDecl>(FD))
        E.Move = M->isMoveAssignmentOperator() ||
                 (isa<CXXConstructorDecl>(M) &&
                  cast<CXXConstructorDecl>(M)->isMoveConstructor());
      if (FD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization)
        E.Kind += " specialization";
      E.Shown = "'" + E.Name + "(";
      for (unsigned I = 0; I < FD->getNumParams(); ++I)
        E.Shown += (I ? ", " : "") + typeText(FD->getParamDecl(I)->getType());
      E.Shown += ")'";
      if (const FunctionDecl *Def = FD->getDefinition())
        Shown = Def;
    } else if (const auto *VD = dyn_cast<VarDecl>(D)) {
      const auto *Fn =
          dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
      if (isa<ParmVarDecl>(VD)) {
        E.Kind = "parameter";
        E.Name = VD->getNameAsString();
        E.Scope = Fn ? functionKey(Fn) : "";
        E.Shown = "the parameter '" + E.Name + "'";
      } else if (VD->isLocalVarDecl()) {
        E.Kind = "local";
        E.Name = VD->getNameAsString();
        auto B = BlockOf.find(VD);
        E.Scope = (Fn ? functionKey(Fn) : std::string()) + "@" +
                  std::to_string(B == BlockOf.end() ? 0 : B->second);
        E.Shown = "the local '" + E.Name + "'";
        E.Lifted = liftedLocal(VD, Fn);
      } else {
        E.Kind = VD->isStaticDataMember() ? "member" : "variable";
        E.Shown = "the " + E.Kind + " '" + E.Name + "'";
        if (const VarDecl *Def = VD->getDefinition())
          Shown = Def;
      }
    } else if (isa<FieldDecl>(D) || isa<IndirectFieldDecl>(D)) {
      E.Kind = "member";
      E.Shown = "the member '" + E.Name + "'";
    } else if (isa<EnumConstantDecl>(D)) {
      E.Kind = "enumerator";
      E.Shown = "the enumerator '" + E.Name + "'";
    } else {
      E.Kind = D->getDeclKindName();
      E.Shown = "'" + E.Name + "'";
    }
    E.Canonical = typeText(D->getType().getCanonicalType());
    E.Written = typeText(D->getType());
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      // The signature: an implicit member's exception specification may
      // differ with the members of the variant.
      E.Canonical = E.Written = "";
      for (const ParmVarDecl *P : FD->parameters()) {
        E.Canonical += typeText(P->getType().getCanonicalType()) + ",";
        E.Written += typeText(P->getType()) + ",";
      }
      if (const auto *M = dyn_cast<CXXMethodDecl>(FD)) {
        std::string Quals = M->getMethodQualifiers().getAsString() +
                            (M->getRefQualifier() == RQ_RValue   ? "&&"
                             : M->getRefQualifier() == RQ_LValue ? "&"
                                                                 : "");
        E.Canonical += Quals;
        E.Written += Quals;
      }
      E.Canonical += FD->isVariadic() ? "..." : "";
      E.Written += FD->isVariadic() ? "..." : "";
    }
    E.Where = where(Shown);
    if (ProjectFiles::Place At = Files.place(D->getLocation()); At.File)
      E.DeclKey = *At.File + ":" + std::to_string(At.Offset);
    ProjectFiles::Place P = Files.place(Shown->getLocation());
    if (P.File)
      if (const std::string *Cond = Ranges.conditionAt(*P.File, P.Offset))
        E.Condition = *Cond;
    unsigned Index = static_cast<unsigned>(Out.Entities.size());
    Out.Entities.push_back(std::move(E));
    Entities[Canon] = Index;
    return Index;
  }

  /// A local under a feature (within its function) that the rewriter does
  /// not hoist but lifts: its function is copied per configuration
  /// (docs/rewriter.md), and each copy resolves names as its variant.
  bool liftedLocal(const VarDecl *VD, const FunctionDecl *Fn) const {
    ProjectFiles::Place P = Files.place(VD->getLocation());
    if (!P.File)
      return false;
    const std::string *Cond = nullptr;
    ProjectFiles::Place F =
        Fn ? Files.place(Fn->getBeginLoc()) : ProjectFiles::Place();
    if (F.File == P.File && F.Offset <= P.Offset)
      Cond = Ranges.conditionInside(*P.File, P.Offset, F.Offset);
    else
      Cond = Ranges.conditionAt(*P.File, P.Offset);
    if (!Cond)
      return false;
    QualType T = VD->getType();
    bool Hoistable = T->isScalarType() && !T->isReferenceType() &&
                     !VD->isStaticLocal() &&
                     (!VD->hasInit() || VD->getInitStyle() == VarDecl::CInit) &&
                     !SharedStatement.count(VD);
    return !Hoistable;
  }

  ASTContext &Ctx;
  SourceManager &SM;
  ProjectFiles &Files;
  const ProjectLayout &Project;
  const FeatureRanges &Ranges;
  const ExpansionTable &Table;
  SafetyFacts &Out;
  std::vector<unsigned> Blocks;
  llvm::DenseMap<const Decl *, unsigned> BlockOf;
  llvm::DenseSet<const Decl *> SharedStatement;
  llvm::DenseMap<const Decl *, unsigned> Entities;
  llvm::DenseSet<const ExpansionTable::Entry *> Typed, Converted;
};

} // namespace

void recordSelectedMacroExpansions(CompilerInstance &CI, ProjectFiles &Files,
                                   const FeatureRanges &Ranges,
                                   std::shared_ptr<ExpansionTable> Table) {
  CI.getPreprocessor().addPPCallbacks(std::make_unique<ExpansionRecorder>(
      CI.getSourceManager(), Files.project(), Ranges, std::move(Table)));
}

void collectResolutions(ASTContext &Ctx, ProjectFiles &Files,
                        const ProjectLayout &Project,
                        const FeatureRanges &Ranges,
                        const ExpansionTable &Table, SafetyFacts &Out) {
  ResolutionVisitor V(Ctx, Files, Project, Ranges, Table, Out);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
}

} // namespace varsim::rewrite::safety
