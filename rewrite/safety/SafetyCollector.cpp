//===- rewrite/safety/SafetyCollector.cpp - Safety facts of one parse -----===//

#include "rewrite/safety/SafetyCollector.h"

#include "rewrite/safety/AllocationFlows.h"
#include "rewrite/safety/CopySites.h"
#include "rewrite/safety/IncludedBranches.h"
#include "rewrite/safety/LayoutUses.h"
#include "rewrite/safety/ProjectFiles.h"
#include "rewrite/safety/RecordLayouts.h"
#include "rewrite/safety/ResolutionCollector.h"
#include "rewrite/safety/SideEffects.h"
#include "rewrite/safety/SizeFlow.h"
#include "rewrite/safety/SpecialMembers.h"
#include "rewrite/safety/StartupLowering.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

#include <set>

namespace varsim::rewrite::safety {

using namespace clang;

namespace {

class SafetyVisitor : public RecursiveASTVisitor<SafetyVisitor> {
public:
  SafetyVisitor(ASTContext &Ctx, ProjectFiles &Files,
                const FeatureRanges &Ranges, SafetyFacts &Out)
      : Ctx(Ctx), Files(Files), Ranges(Ranges), Out(Out), Effects(Ctx),
        Cxx(Ctx.getLangOpts().CPlusPlus), Layouts(Ctx, Files, Ranges, Out) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  /// Sizes found harmless before the traversal (SizeFlow.h).
  void addHarmless(const llvm::DenseSet<const Expr *> &Sizes) {
    Harmless.insert(Sizes.begin(), Sizes.end());
  }

  bool TraverseDecl(Decl *D) {
    if (!D || isa<TranslationUnitDecl>(D))
      return RecursiveASTVisitor::TraverseDecl(D);
    if (!Files.place(D->getLocation()).File)
      return true; // Outside the project: not ours to judge.
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  // A static assertion that holds in the variant and not in the simulator
  // stops the build: loud, not silent.
  bool TraverseStaticAssertDecl(StaticAssertDecl *) { return true; }

  // --- C1: layouts ---------------------------------------------------------

  bool VisitRecordDecl(RecordDecl *RD) {
    if (RD->isCompleteDefinition() && !isLambda(RD))
      Layouts.describe(RD);
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    // Besides the C library's allocation and memory functions: any call
    // that returns a pointer (a project's allocator, called directly or
    // through a function pointer: `ZALLOC(strm, 1, sizeof(state))`,
    // `luaM_new(L, T)`) or whose callee is named for allocation or freeing
    // (`xfree(p, sizeof *p)`). Asking for more memory than the variant
    // does is harmless; such a size is an allocation, not a layout use --
    // as long as the project's allocator does nothing else with it
    // (rewrite/safety/AllocationFlows.h).
    if (FD && sizeSink(FD)) {
      for (const Expr *Arg : CE->arguments())
        markHarmless(Arg);
    } else if (CE->getType()->isPointerType() || allocationName(CE)) {
      for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
        std::string Sink = sizeSinkKey(CE, I, Ctx);
        markHarmless(CE->getArg(I), Sink.empty() ? nullptr : &Sink);
      }
    }
    return true;
  }
  bool VisitCXXNewExpr(CXXNewExpr *NE) {
    if (auto Size = NE->getArraySize(); Size && *Size)
      markHarmless(*Size);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    // sizeof a / sizeof a[0]: the element count, whatever the layout.
    if (BO->getOpcode() != BO_Div)
      return true;
    auto *L =
        dyn_cast<UnaryExprOrTypeTraitExpr>(BO->getLHS()->IgnoreParenImpCasts());
    auto *R =
        dyn_cast<UnaryExprOrTypeTraitExpr>(BO->getRHS()->IgnoreParenImpCasts());
    if (!L || !R || L->getKind() != UETT_SizeOf || R->getKind() != UETT_SizeOf)
      return true;
    QualType LT = L->getTypeOfArgument().getCanonicalType();
    QualType RT = R->getTypeOfArgument().getCanonicalType();
    if (LT->isDependentType() || RT->isDependentType())
      return true;
    if (const ArrayType *AT = Ctx.getAsArrayType(LT))
      if (Ctx.hasSameUnqualifiedType(AT->getElementType(), RT)) {
        Harmless.insert(L);
        Harmless.insert(R);
      }
    return true;
  }

  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    const char *Word = nullptr;
    switch (E->getKind()) {
    case UETT_SizeOf:
      Word = "sizeof";
      break;
    case UETT_AlignOf:
      Word = Cxx ? "alignof" : "_Alignof";
      break;
    case UETT_PreferredAlignOf:
      Word = "__alignof__";
      break;
    default:
      return true;
    }
    if ((Harmless.count(E) && !Gated.count(E)) || E->isValueDependent())
      return true;
    ProjectFiles::Place P = Files.place(E->getBeginLoc());
    if (!P.File)
      return true;
    QualType T = E->getTypeOfArgument();
    std::string Key = Layouts.layoutKey(T);
    if (Key.empty())
      return true;
    LayoutUse U;
    U.Where = Files.point(P);
    U.What = std::string(Word) + "(" + typeName(T) + ")";
    U.Needs.push_back({Key, true, "", 0});
    if (auto G = Gated.find(E); G != Gated.end())
      U.SizeSinks.assign(G->second.begin(), G->second.end());
    Out.Uses.push_back(std::move(U));
    return true;
  }

  bool VisitOffsetOfExpr(OffsetOfExpr *E) {
    if (Harmless.count(E) || E->isValueDependent())
      return true;
    ProjectFiles::Place P = Files.place(E->getBeginLoc());
    if (!P.File)
      return true;
    QualType Outer = E->getTypeSourceInfo()->getType();
    QualType Cur = Outer;
    LayoutUse U;
    std::string Designator;
    for (unsigned I = 0; I < E->getNumComponents(); ++I) {
      const OffsetOfNode &N = E->getComponent(I);
      switch (N.getKind()) {
      case OffsetOfNode::Field: {
        FieldDecl *F = N.getField();
        ProjectFiles::Place FP = Files.place(F->getLocation());
        std::string Key = Layouts.describe(F->getParent());
        U.Needs.push_back({Key, false, FP.File ? *FP.File : "", FP.Offset});
        Designator += (Designator.empty() ? "" : ".") + F->getNameAsString();
        Cur = F->getType();
        break;
      }
      case OffsetOfNode::Array: {
        const ArrayType *AT = Ctx.getAsArrayType(Cur);
        if (!AT)
          return true;
        Expr::EvalResult R;
        const Expr *Index = E->getIndexExpr(N.getArrayExprIndex());
        bool Zero = Index->EvaluateAsInt(R, Ctx) && R.Val.getInt() == 0;
        if (!Zero)
          if (std::string Key = Layouts.layoutKey(AT->getElementType());
              !Key.empty())
            U.Needs.push_back({Key, true, "", 0});
        Designator += Zero ? "[0]" : "[i]";
        Cur = AT->getElementType();
        break;
      }
      case OffsetOfNode::Base:
        if (std::string Key = Layouts.layoutKey(Cur); !Key.empty())
          U.Needs.push_back({Key, true, "", 0});
        Cur = N.getBase()->getType();
        break;
      case OffsetOfNode::Identifier:
        return true;
      }
    }
    if (U.Needs.empty())
      return true;
    U.Where = Files.point(P);
    U.What = "offsetof(" + typeName(Outer) + ", " + Designator + ")";
    Out.Uses.push_back(std::move(U));
    return true;
  }

  // --- C2: code that runs without being called ------------------------------

  bool VisitVarDecl(VarDecl *VD) {
    if (!Cxx || isa<ParmVarDecl>(VD) || VD->isImplicit() ||
        !VD->hasGlobalStorage() || VD->isStaticLocal() ||
        !(VD->isFileVarDecl() || VD->isStaticDataMember()) ||
        VD->isThisDeclarationADefinition() == VarDecl::DeclarationOnly ||
        VD->getType()->isDependentType() || VD->isTemplated())
      return true;
    ProjectFiles::Place P = Files.place(VD->getLocation());
    const std::string *Cond =
        P.File ? Ranges.conditionAt(*P.File, P.Offset) : nullptr;
    if (!Cond)
      return true;
    std::string Why;
    if (VD->hasInit() && !VD->hasConstantInitialization())
      Why = subject("its initializer", Effects.initializer(VD->getInit()));
    if (Why.empty())
      Why = Effects.destruction(VD->getType());
    if (Why.empty())
      return true;
    // A static registrar: constructed under its feature by the rewriter.
    std::string NotLowered = startupObjectRefusal(VD);
    if (NotLowered.empty())
      return true;
    report(P, "the object '" + VD->getQualifiedNameAsString() + "' under " +
                  *Cond + " runs code without being called (" + Why +
                  "): the simulator creates it in every configuration, the "
                  "variants without " +
                  *Cond +
                  " do not, and varsim constructs only a 'static' object "
                  "that no code names under its feature (" +
                  NotLowered +
                  "); move it into a function that runs under the "
                  "feature (e.g. a function-local static) or construct it "
                  "lazily");
    return true;
  }

  bool VisitFieldDecl(FieldDecl *FD) {
    const RecordDecl *RD = FD->getParent();
    if (!Cxx || RD->isUnion() || isLambda(RD) || FD->isImplicit() ||
        FD->getType()->isDependentType())
      return true;
    ProjectFiles::Place P = Files.place(FD->getLocation());
    const std::string *Cond = conditionWithin(P, RD);
    if (!Cond)
      return true;
    std::string Why;
    if (FD->hasInClassInitializer() && FD->getInClassInitializer())
      Why = subject("its default member initializer",
                    Effects.initializer(FD->getInClassInitializer()));
    else
      Why = Effects.construction(FD->getType());
    if (Why.empty())
      Why = Effects.destruction(FD->getType());
    if (Why.empty())
      return true;
    report(P, "the member '" + FD->getNameAsString() + "' under " + *Cond +
                  " runs code whenever a '" + typeName(Ctx.getRecordType(RD)) +
                  "' is created or destroyed (" + Why +
                  "): the simulator holds it in every configuration, the "
                  "variants without " +
                  *Cond +
                  " do not; construct it lazily (e.g. a std::optional or a "
                  "pointer that code under the feature sets up)");
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (Files.place(FD->getLocation()).File)
      collectSizeFlows(FD, Ctx, Files, Out.SizeFlows);
    bool Ctor = FD->hasAttr<ConstructorAttr>();
    bool Dtor = FD->hasAttr<DestructorAttr>();
    if (!Ctor && !Dtor)
      return true;
    ProjectFiles::Place P = Files.place(FD->getLocation());
    const std::string *Cond =
        P.File ? Ranges.conditionAt(*P.File, P.Offset) : nullptr;
    if (!Cond)
      return true;
    // Guarded by its presence condition in the simulator
    // (StartupLowering.h), unless it cannot be.
    std::string NotLowered = startupFunctionRefusal(FD);
    if (NotLowered.empty())
      return true;
    report(P, "the function '" + FD->getNameAsString() + "' under " + *Cond +
                  " runs " + (Ctor ? "before main" : "at exit") +
                  " without being called (__attribute__((" +
                  (Ctor ? "constructor" : "destructor") +
                  "))), and varsim cannot test " + *Cond + " before it runs (" +
                  NotLowered +
                  "); otherwise call or register it (e.g. with atexit) from "
                  "code under the feature");
    return true;
  }

  // A special member or an override under a feature runs without being
  // named (rewrite/safety/SpecialMembers.h).
  bool VisitCXXMethodDecl(CXXMethodDecl *M) {
    std::string How = implicitlyRun(M);
    if (How.empty())
      return true;
    ProjectFiles::Place P = Files.place(M->getLocation());
    const std::string *Cond = conditionWithin(P, M->getParent());
    if (!Cond || overridesOnlyUnder(M, *Cond))
      return true;
    // A destructor's body is guarded by its presence condition where that
    // changes nothing else (StartupLowering.h).
    std::string Why;
    if (const auto *D = dyn_cast<CXXDestructorDecl>(M)) {
      Why = destructorRefusal(D);
      if (Why.empty())
        return true;
      Why = " (varsim guards its body by " + *Cond +
            " only where that is "
            "all that differs; here " +
            Why + ")";
    } else if (recordGuardedMove(M, P, *Cond, How, Files, Out)) {
      return true; // Judged at the sites that select it (CopySiteJudge.h).
    }
    report(P, How + ", under " + *Cond +
                  ": the simulator has it in every configuration, the "
                  "variants without " +
                  *Cond + " do not" + Why +
                  "; declare it in every configuration and put the "
                  "#ifdef inside its body");
    return true;
  }

  /// True if M overrides only virtual functions that exist only where M
  /// does (`virtual void describe()` in the base under the same #ifdef):
  /// then no variant calls the base's instead.
  bool overridesOnlyUnder(const CXXMethodDecl *M, const std::string &Cond) {
    if (isa<CXXDestructorDecl>(M) || M->size_overridden_methods() == 0)
      return false;
    llvm::SmallVector<llvm::StringRef, 4> Conjuncts;
    llvm::StringRef(Cond).split(Conjuncts, " && ");
    for (const CXXMethodDecl *Base : M->overridden_methods()) {
      ProjectFiles::Place BP = Files.place(Base->getLocation());
      const std::string *BaseCond = conditionWithin(BP, Base->getParent());
      if (!BaseCond ||
          (*BaseCond != Cond && !llvm::is_contained(Conjuncts, *BaseCond)))
        return false;
    }
    return true;
  }

private:
  static bool isLambda(const RecordDecl *RD) {
    const auto *C = dyn_cast<CXXRecordDecl>(RD);
    return C && C->isLambda();
  }

  static std::string subject(const char *Who, std::string Why) {
    if (Why.empty() || llvm::StringRef(Why).starts_with("the "))
      return Why;
    return std::string(Who) + " " + Why;
  }

  void report(const ProjectFiles::Place &P, std::string Message) {
    Out.Findings.push_back({Files.point(P), std::move(Message)});
  }

  std::string typeName(QualType T) {
    return T.getAsString(Ctx.getPrintingPolicy());
  }

  const std::string *conditionWithin(const ProjectFiles::Place &Member,
                                     const Decl *Record) {
    return memberCondition(Files, Ranges, Member, Record);
  }

  /// Functions whose size argument may be larger than the variant's.
  static bool sizeSink(const FunctionDecl *FD) { return libraryAllocation(FD); }

  /// True if the callee (a function, a function pointer member or
  /// variable) is named for allocation or freeing.
  static bool allocationName(const CallExpr *CE) {
    const NamedDecl *D = namedCallee(CE);
    if (!D)
      return false;
    std::string Name = D->getName().lower();
    return llvm::StringRef(Name).contains("alloc") ||
           llvm::StringRef(Name).contains("free");
  }

  /// Marks the sizeof/alignof/offsetof values that reach Arg through
  /// parentheses, casts, `*`, `+` and `?:`; with Sink, harmless only if
  /// that sink allocates it (a sizeof is then gated, not harmless).
  void markHarmless(const Expr *E, const std::string *Sink = nullptr) {
    E = E->IgnoreParenImpCasts();
    if (isa<UnaryExprOrTypeTraitExpr>(E) || isa<OffsetOfExpr>(E)) {
      Harmless.insert(E);
      if (Sink && isa<UnaryExprOrTypeTraitExpr>(E))
        Gated[E].insert(*Sink);
      return;
    }
    if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
      return markHarmless(C->getSubExpr(), Sink);
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->getOpcode() == BO_Mul || B->getOpcode() == BO_Add) {
        markHarmless(B->getLHS(), Sink);
        markHarmless(B->getRHS(), Sink);
      }
      // Monotone in the left operand: a larger size stays larger.
      if (B->getOpcode() == BO_Div || B->getOpcode() == BO_Shl)
        markHarmless(B->getLHS(), Sink);
      return;
    }
    if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
      markHarmless(C->getTrueExpr(), Sink);
      markHarmless(C->getFalseExpr(), Sink);
    }
  }

  ASTContext &Ctx;
  ProjectFiles &Files;
  const FeatureRanges &Ranges;
  SafetyFacts &Out;
  SideEffects Effects;
  bool Cxx;
  llvm::DenseSet<const Expr *> Harmless;
  /// Allocation sizes passed to a project's allocator: the sinks that must
  /// only allocate them.
  llvm::DenseMap<const Expr *, std::set<std::string>> Gated;
  RecordLayouts Layouts;
};

class SafetyConsumer : public ASTConsumer {
public:
  SafetyConsumer(CompilerInstance &CI, const ProjectLayout &Project,
                 const FeatureRanges &Ranges, SafetyFacts &Out)
      : Files(CI.getSourceManager(), Project), Project(Project), Ranges(Ranges),
        Out(Out), Expansions(std::make_shared<ExpansionTable>()) {
    if (Ranges.anySelectedMacro())
      recordSelectedMacroExpansions(CI, Files, Ranges, Expansions);
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    SizeFlowFacts Flow;
    if (Ranges.any())
      Flow = findSizeFlow(Ctx, Files);
    SafetyVisitor V(Ctx, Files, Ranges, Out);
    V.addHarmless(Flow.HarmlessSizes);
    V.TraverseDecl(Ctx.getTranslationUnitDecl());
    collectResolutions(Ctx, Files, Project, Ranges, *Expansions, Out);
    if (Ctx.getLangOpts().CPlusPlus)
      collectCopySites(Ctx, Files, Out);
    findLayoutUses(Ctx, Project, Ranges, Out.Findings, &Flow.AddressCasts);
    findIncludedBranches(Ctx, Files, Ranges, Out.Findings);
  }

  // Bodies outside the project are never judged; not parsing them is most
  // of the time a C++ parse spends in the standard library.
  bool shouldSkipFunctionBody(Decl *D) override {
    return !Files.place(D->getLocation()).File;
  }

private:
  ProjectFiles Files;
  const ProjectLayout &Project;
  const FeatureRanges &Ranges;
  SafetyFacts &Out;
  std::shared_ptr<ExpansionTable> Expansions;
};

} // namespace

std::unique_ptr<ASTConsumer> makeSafetyConsumer(CompilerInstance &CI,
                                                const ProjectLayout &Project,
                                                const FeatureRanges &Ranges,
                                                SafetyFacts &Out) {
  return std::make_unique<SafetyConsumer>(CI, Project, Ranges, Out);
}

} // namespace varsim::rewrite::safety
