//===- dataflow/IndexedArrays.cpp - Arrays no pointer points into ---------===//
//
// Which arrays (array members, global, static and local array variables)
// a pointer may point into. Memory reached through pointers is one cell per
// element type (`memory:unsigned long`), so an array whose elements a
// pointer can reach must share that cell both ways. An array that is only
// ever indexed by name (`ctx->HH[i]`, `table[i]`) and measured (`sizeof`)
// is not reachable through any pointer: its elements are its own cell, and
// a write through an `unsigned long *` elsewhere cannot change them, nor do
// its writes change what such pointers read. That is field sensitivity for
// array members: before, Mbed TLS's GCM table `HL` (decayed to a pointer)
// and the untouched `HH` were both every `unsigned long` of the program,
// bignum limbs included.
//
// An array counts as pointed into when any use of it is not indexing or
// `sizeof`: a decay to a pointer (an argument, `a + 1`, `p = a`), `&a`,
// `&a[i]`. In C++ every array counts as pointed into (an element binds to
// references and to `this`). Every translation unit is scanned, reachable
// or not (an over-approximation).
//
//===----------------------------------------------------------------------===//

#include "dataflow/Analysis.h"

#include "clang/AST/RecursiveASTVisitor.h"

namespace varsim::dataflow {

using namespace clang;

namespace {

class PointedArrayFinder : public RecursiveASTVisitor<PointedArrayFinder> {
public:
  PointedArrayFinder(std::set<std::string> &Pointed, bool CPlusPlus)
      : Pointed(Pointed), CPlusPlus(CPlusPlus) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  /// The array a (possibly nested) subscript or name refers to.
  static const Expr *root(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    while (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E))
      E = Sub->getBase()->IgnoreParenImpCasts();
    return E;
  }
  static const Decl *arrayDecl(const Expr *E) {
    if (!E->getType()->isArrayType())
      return nullptr;
    if (const auto *M = dyn_cast<MemberExpr>(E))
      return M->getMemberDecl();
    if (const auto *R = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(R->getDecl());
    return nullptr;
  }

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *S) {
    // Indexing reads or writes one element: not a pointer into the array.
    const Expr *Base = S->getBase()->IgnoreParens();
    if (const auto *Decay = dyn_cast<ImplicitCastExpr>(Base);
        Decay && Decay->getCastKind() == CK_ArrayToPointerDecay)
      Indexed.insert(Decay->getSubExpr()->IgnoreParens());
    return true;
  }
  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    if (!E->isArgumentType())
      Indexed.insert(E->getArgumentExpr()->IgnoreParens());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf) // &a[i]: a pointer into a.
      mark(root(U->getSubExpr()));
    return true;
  }
  bool VisitMemberExpr(MemberExpr *M) {
    if (CPlusPlus || !Indexed.count(M))
      mark(M);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *R) {
    if (CPlusPlus || !Indexed.count(R))
      mark(R);
    return true;
  }

private:
  void mark(const Expr *E) {
    if (const Decl *D = arrayDecl(E))
      Pointed.insert(ProgramAnalysis::keyOf(D));
  }

  std::set<std::string> &Pointed;
  /// In C++ an element also binds to references and `this` (`a[i].f()`):
  /// every array seen there counts as pointed into.
  bool CPlusPlus;
  /// Array names seen as a subscript's base or a sizeof operand (the
  /// visit is pre-order: the parent comes first).
  llvm::DenseSet<const Expr *> Indexed;
};

} // namespace

void ProgramAnalysis::findPointedArrays(ASTContext &Ctx) {
  std::set<std::string> Pointed;
  PointedArrayFinder(Pointed, Ctx.getLangOpts().CPlusPlus)
      .TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const std::string &Key : Pointed)
    PointedArrays.insert(intern(Key));
}

} // namespace varsim::dataflow
