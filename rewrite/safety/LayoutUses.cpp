//===- rewrite/safety/LayoutUses.cpp - Layout uses besides sizeof ---------===//

#include "rewrite/safety/LayoutUses.h"

#include "rewrite/safety/ProjectFiles.h"
#include "rewrite/safety/RecordMembers.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>
#include <set>
#include <tuple>

namespace varsim::rewrite::safety {

using namespace clang;

namespace {

class LayoutUseVisitor : public RecursiveASTVisitor<LayoutUseVisitor> {
public:
  LayoutUseVisitor(ASTContext &Ctx, const ProjectLayout &Project,
                   const FeatureRanges &Ranges, std::vector<Finding> &Out,
                   const llvm::DenseSet<const Expr *> *AddressCasts)
      : Ctx(Ctx), Project(Project), Ranges(Ranges), Out(Out),
        AddressCasts(AddressCasts), Files(Ctx.getSourceManager(), Project),
        Members(Ctx, Files, Ranges), Cxx(Ctx.getLangOpts().CPlusPlus) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (!D || isa<TranslationUnitDecl>(D))
      return RecursiveASTVisitor::TraverseDecl(D);
    if (!Files.place(D->getLocation()).File)
      return true; // Outside the project: not ours to judge.
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool TraverseStaticAssertDecl(StaticAssertDecl *) { return true; }

  // Lists are judged after the traversal, when every designator is known.
  bool VisitInitListExpr(InitListExpr *ILE) {
    InitListExpr *Semantic =
        ILE->isSemanticForm() ? ILE : ILE->getSemanticForm();
    if (Semantic && !Semantic->isValueDependent())
      Lists.push_back(Semantic);
    return true;
  }
  bool VisitDesignatedInitExpr(DesignatedInitExpr *DIE) {
    if (Expr *Init = DIE->getInit())
      Designated.insert(Init->IgnoreImplicit()->getBeginLoc());
    return true;
  }

  bool VisitRecordDecl(RecordDecl *RD) {
    if (!RD->isUnion() || !RD->isCompleteDefinition() ||
        RD->isDependentContext())
      return true;
    unsigned Count = 0;
    for (const FieldDecl *F : RD->fields()) {
      (void)F;
      ++Count;
    }
    if (Count < 2)
      return true;
    for (const FieldDecl *F : RD->fields()) {
      const RecordDecl *Held = Members.recordOf(F->getType());
      if (!Held)
        continue;
      const std::optional<LayoutReason> &Why = Members.whole(Held);
      if (!Why)
        continue;
      report(F->getLocation(),
             "the union '" + Members.name(RD) + "' overlays '" +
                 Members.name(Held) + "' (member '" +
                 RecordMembers::fieldName(F) +
                 "') with other members: reading it through them (type "
                 "punning) observes the layout of '" +
                 Why->Record + "' (member " + explain(*Why) +
                 "); the simulator holds the members of every variant, so the "
                 "bytes would differ from the variant's: do not overlay a "
                 "record whose members depend on the configuration (use "
                 "separate objects, or copy member by member)");
      break;
    }
    return true;
  }

  bool VisitExplicitCastExpr(ExplicitCastExpr *E) {
    if (!isa<CStyleCastExpr>(E) && !isa<CXXReinterpretCastExpr>(E))
      return true;
    if (E->isTypeDependent() || E->isValueDependent())
      return true;
    if (AddressCasts && AddressCasts->count(E))
      return true; // `(char *)p + sizeof(*p)`: an address (SizeFlow.h).
    QualType From = E->getSubExprAsWritten()->getType().getCanonicalType();
    QualType To = E->getType().getCanonicalType();
    if (!From->isPointerType() || !To->isPointerType())
      return true;
    QualType Src = From->getPointeeType();
    QualType Dst = To->getPointeeType();
    const RecordDecl *Record = Members.recordOf(Src);
    if (!Record || Src->isArrayType() || Dst->isVoidType() ||
        Dst->isFunctionType() || Dst->isIncompleteType())
      return true;
    if (const RecordDecl *Target = Members.recordOf(Dst);
        Target && (Target == Record || prefixOf(Target, Record)))
      return true;
    const std::optional<LayoutReason> &Why = Members.whole(Record);
    if (!Why)
      return true;
    PrintingPolicy Policy = Ctx.getPrintingPolicy();
    report(E->getBeginLoc(),
           "the cast of '" +
               E->getSubExprAsWritten()->getType().getAsString(Policy) +
               "' to '" + E->getType().getAsString(Policy) +
               "' reads the bytes of '" + Members.name(Record) +
               "' through another type; its layout depends on the "
               "configuration (member " +
               explain(*Why) +
               "): the simulator holds the members of every variant, so "
               "the bytes would differ from the variant's; access the "
               "members by name" +
               (stepsOverRecords(E) ? TrailingHint : ""));
    return true;
  }

  void finish() {
    llvm::DenseSet<const InitListExpr *> Done;
    for (size_t I = 0; I < Lists.size(); ++I) // Lists grows (elided braces).
      if (Done.insert(Lists[I]).second)
        judgeList(Lists[I]);
  }

private:
  static constexpr const char *TrailingHint =
      " (storage behind records is accepted where the address is the end "
      "of the records that one allocation in the same function holds: "
      "'p = malloc(sizeof *p + n)' then '(T *)&p[1]' or '(char *)(p + 1)'; "
      "'(T *)&a[k]' when the size has 'sizeof(*a) * k')";

  /// True if the cast converts `&x[i]` or `x + i` (the address the hint
  /// above is about).
  static bool stepsOverRecords(const ExplicitCastExpr *E) {
    const Expr *Sub = E->getSubExprAsWritten()->IgnoreParens();
    if (const auto *U = dyn_cast<UnaryOperator>(Sub))
      return U->getOpcode() == UO_AddrOf &&
             isa<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens());
    const auto *B = dyn_cast<BinaryOperator>(Sub);
    return B && B->getOpcode() == BO_Add;
  }

  std::string explain(const LayoutReason &W) const {
    const VaryingMember &M = W.Member;
    return M.Name + " under " + M.Condition + " at " +
           Project.relativeToRoot(M.File) + ":" +
           std::to_string(Ranges.lineOf(M.File, M.Offset)) + W.Via;
  }

  /// True if Target is what Record begins with (its first member or base,
  /// recursively): the C idiom of a "base" struct as the first member.
  bool prefixOf(const RecordDecl *Target, const RecordDecl *Record) const {
    for (int Depth = 0; Record && Depth < 16; ++Depth) {
      const RecordDecl *First = nullptr;
      if (const auto *C = dyn_cast<CXXRecordDecl>(Record);
          C && C->getNumBases())
        First = Members.recordOf(C->bases_begin()->getType());
      else if (!Record->field_empty())
        First = Members.recordOf(Record->field_begin()->getType());
      if (First == Target)
        return true;
      Record = First;
    }
    return false;
  }

  static bool isZero(const Expr *E) {
    E = E->IgnoreImplicit();
    if (isa<ImplicitValueInitExpr>(E) || isa<CXXDefaultInitExpr>(E) ||
        isa<NoInitExpr>(E))
      return true;
    if (const auto *L = dyn_cast<IntegerLiteral>(E))
      return L->getValue().isZero();
    if (const auto *F = dyn_cast<FloatingLiteral>(E))
      return F->getValue().isZero();
    if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
      const InitListExpr *S =
          ILE->isSemanticForm() ? ILE : ILE->getSemanticForm();
      return S && llvm::all_of(S->inits(),
                               [](const Expr *I) { return !I || isZero(I); });
    }
    return false;
  }

  bool implicitElement(const Expr *E) const {
    if (!E)
      return true;
    const Expr *S = E->IgnoreImplicit();
    return isa<ImplicitValueInitExpr>(S) || isa<CXXDefaultInitExpr>(S) ||
           isa<NoInitExpr>(S) || S->getBeginLoc().isInvalid();
  }

  void judgeList(const InitListExpr *S) {
    // Brace elision makes lists that the traversal does not reach (judged
    // once: finish() skips the lists it has seen).
    for (const Expr *I : S->inits())
      if (const auto *Inner = dyn_cast_or_null<InitListExpr>(I))
        Lists.push_back(Inner->isSemanticForm() || !Inner->getSemanticForm()
                            ? Inner
                            : Inner->getSemanticForm());
    QualType T = S->getType();
    if (T.isNull() || T->isDependentType())
      return;
    const auto *RT = T->getAs<RecordType>();
    if (!RT || RT->getDecl()->isUnion() || !RT->getDecl()->getDefinition())
      return;
    const RecordDecl *RD = RT->getDecl()->getDefinition();
    const std::vector<VaryingMember> &Varying = Members.of(RD);
    if (Varying.empty())
      return;
    unsigned Index = 0;
    if (const auto *C = dyn_cast<CXXRecordDecl>(RD))
      Index = C->getNumBases();
    std::optional<unsigned> Shifted;
    const FieldDecl *Field = nullptr;
    const VaryingMember *Behind = nullptr;
    for (const FieldDecl *F : RD->fields()) {
      if (F->isUnnamedBitField())
        continue;
      if (Index >= S->getNumInits())
        break;
      const Expr *E = S->getInit(Index++);
      if (implicitElement(E) ||
          Designated.count(E->IgnoreImplicit()->getBeginLoc()))
        continue;
      ProjectFiles::Place FP = Files.place(F->getLocation());
      if (!FP.File)
        continue;
      // At the first conditional member or behind it: the same element
      // in every parse, whether the parse has that member or not.
      for (const VaryingMember &M : Varying)
        if (M.File != *FP.File || M.Offset <= FP.Offset) {
          Shifted = Index - 1;
          Field = F;
          Behind = &M;
          break;
        }
      if (Shifted)
        break;
    }
    if (!Shifted)
      return;
    // Zeros behind the shift are harmless: the members they would fill are
    // zero-initialised anyway.
    bool AllZero = true;
    for (unsigned I = *Shifted; I < S->getNumInits(); ++I)
      AllZero &= isZero(S->getInit(I));
    if (AllZero)
      return;
    const Expr *E = S->getInit(*Shifted)->IgnoreImplicit();
    LayoutReason Why{Members.name(RD), *Behind, ""};
    report(E->getBeginLoc(),
           "positional initializer of '" + Members.name(RD) +
               "': this value (for member '" + RecordMembers::fieldName(Field) +
               "' here) and the ones after it are at or behind member " +
               explain(Why) +
               "; the simulator holds the members of every variant, so "
               "they would land in other members than in the variant: use "
               "designated initializers (." +
               RecordMembers::fieldName(Field) + " = ...)" +
               (Cxx ? ", C++20 or a compiler extension," : "") +
               " or assign the members");
  }

  void report(SourceLocation L, std::string Message) {
    ProjectFiles::Place P = Files.place(L);
    if (!P.File)
      return;
    SourcePoint Where = Files.point(P);
    if (!Reported.insert({Where.File, Where.Line, Where.Column}).second)
      return;
    Out.push_back({std::move(Where), std::move(Message)});
  }

  ASTContext &Ctx;
  const ProjectLayout &Project;
  const FeatureRanges &Ranges;
  std::vector<Finding> &Out;
  const llvm::DenseSet<const Expr *> *AddressCasts;
  ProjectFiles Files;
  RecordMembers Members;
  bool Cxx;
  std::vector<const InitListExpr *> Lists;
  llvm::DenseSet<SourceLocation> Designated;
  std::set<std::tuple<std::string, unsigned, unsigned>> Reported;
};

} // namespace

void findLayoutUses(ASTContext &Ctx, const ProjectLayout &Project,
                    const FeatureRanges &Ranges, std::vector<Finding> &Out,
                    const llvm::DenseSet<const Expr *> *AddressCasts) {
  if (!Ranges.any())
    return;
  LayoutUseVisitor V(Ctx, Project, Ranges, Out, AddressCasts);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  V.finish();
}

} // namespace varsim::rewrite::safety
