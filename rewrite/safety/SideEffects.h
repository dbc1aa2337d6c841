//===- rewrite/safety/SideEffects.h - Does creating an object run code? -*-
// C++ -*-===//
//
// Whether constructing, initialising or destroying a C++ object runs code
// whose effect a user could observe (output, files, globals), as opposed to
// constant initialisation or the standard library's own types, whose
// constructors and destructors only manage memory. The answer is a reason
// ("the destructor 'S::~S' calls 'printf'"), or empty when there is none.
// Conservative: a project constructor whose body is not in the translation
// unit counts as observable.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_SIDEEFFECTS_H
#define VARSIM_REWRITE_SAFETY_SIDEEFFECTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/DenseMap.h"

#include <string>

namespace varsim::rewrite::safety {

class SideEffects {
public:
  explicit SideEffects(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// Default-initialising an object of type T (arrays: every element).
  std::string construction(clang::QualType T);
  /// Destroying an object of type T.
  std::string destruction(clang::QualType T);
  /// Evaluating an initializer at run time (not constant-initialised).
  std::string initializer(const clang::Expr *Init);

  /// True for declarations of the C++ standard library (namespace std) or
  /// of a system header: their types' constructors and destructors are
  /// trusted to manage memory only.
  bool trusted(const clang::Decl *D) const;

private:
  std::string constructorEffect(const clang::CXXConstructorDecl *C);
  std::string bodyEffect(const clang::FunctionDecl *FD);
  std::string exprEffect(const clang::Stmt *S);
  std::string recordParts(const clang::CXXRecordDecl *RD, bool Destroy);

  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::CXXRecordDecl *, std::string> ConstructMemo,
      DestroyMemo;
  llvm::DenseMap<const clang::FunctionDecl *, std::string> BodyMemo;
};

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_SIDEEFFECTS_H
