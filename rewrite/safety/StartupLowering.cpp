//===- rewrite/safety/StartupLowering.cpp - Code run without a call -------===//

#include "rewrite/safety/StartupLowering.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Stmt.h"

namespace varsim::rewrite::safety {

using namespace clang;

namespace {

/// Whether moving an object of type T does what copying it does: a
/// trivially copyable type, or a class without move operations (its moves
/// are its copies).
bool movesAsCopies(QualType T) {
  while (const ArrayType *AT = T->getAsArrayTypeUnsafe())
    T = AT->getElementType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return true;
  RD = RD->getDefinition();
  if (!RD)
    return false;
  return RD->isTriviallyCopyable() ||
         (!RD->hasMoveConstructor() && !RD->hasMoveAssignment());
}

} // namespace

bool startupBodyInMacro(const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return false;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  return !Body || Body->getLBracLoc().isMacroID();
}

std::string startupFunctionRefusal(const FunctionDecl *FD) {
  if (isa<CXXMethodDecl>(FD))
    return "it is a member function";
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def ||
      !isa_and_nonnull<CompoundStmt>(Def->getBody()))
    return "its body is not in this file";
  if (const auto *A = Def->getAttr<ConstructorAttr>())
    if (A->getPriority() != ConstructorAttr::DefaultPriority &&
        A->getPriority() <= RuntimeConstructorPriority)
      return "its priority " + std::to_string(A->getPriority()) +
             " runs it no later than varsim's runtime, which reads the "
             "configuration in a constructor of priority " +
             std::to_string(RuntimeConstructorPriority) +
             ": give it a priority above " +
             std::to_string(RuntimeConstructorPriority);
  if (Def->isTemplated())
    return "it is a template";
  if (startupBodyInMacro(Def)) {
    if (!Def->getIdentifier())
      return "it has no plain name";
    if (Def->getNumParams() != 0 || Def->isVariadic())
      return "a macro writes its body and it takes parameters";
    return "";
  }
  if (!Def->getReturnType()->isVoidType())
    return "it returns a value (make it return void)";
  return "";
}

std::string startupObjectRefusal(const VarDecl *VD) {
  if (!VD->isFileVarDecl() || VD->isStaticDataMember())
    return "it is not declared at namespace scope";
  if (VD->getStorageClass() != SC_Static)
    return "it is not declared 'static'";
  if (VD->getTLSKind() != VarDecl::TLS_None)
    return "it is thread_local";
  if (VD->isConstexpr() || VD->hasAttr<ConstInitAttr>())
    return "it is constexpr or constinit";
  if (VD->isTemplated() || isa<VarTemplateSpecializationDecl>(VD))
    return "it is a template";
  if (VD->hasAttr<InitPriorityAttr>())
    return "it has an init_priority";
  if (VD->isReferenced())
    return "code names it";
  return "";
}

std::string destructorRefusal(const CXXDestructorDecl *D) {
  if (!D->doesThisDeclarationHaveABody() || D->isOutOfLine() ||
      !isa_and_nonnull<CompoundStmt>(D->getBody()))
    return "it is not defined in its class";
  if (cast<CompoundStmt>(D->getBody())->getLBracLoc().isMacroID())
    return "a macro writes its body";
  const CXXRecordDecl *RD = D->getParent();
  if (RD->isDependentContext())
    return "its class is a template";
  if (D->isVirtual() && D->size_overridden_methods() == 0)
    return "it is virtual and no base's destructor is (it makes the class "
           "polymorphic)";
  // Without it the variants' class has an implicit move constructor and
  // move assignment (unless some copy or move operation is declared); the
  // simulator's, with a user-declared destructor, has none and copies
  // instead. Equivalent only if every part moves as it copies.
  if (RD->hasUserDeclaredCopyConstructor() ||
      RD->hasUserDeclaredCopyAssignment() ||
      RD->hasUserDeclaredMoveConstructor() ||
      RD->hasUserDeclaredMoveAssignment())
    return "";
  std::string Part;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (Part.empty() && !movesAsCopies(B.getType()))
      Part = "its base '" + B.getType().getAsString() + "'";
  for (const FieldDecl *F : RD->fields())
    if (Part.empty() && !movesAsCopies(F->getType()))
      Part = "its member '" + F->getNameAsString() + "'";
  if (Part.empty())
    return "";
  return "the variants without it move a '" + RD->getNameAsString() +
         "' where the simulator, whose class declares a destructor, copies "
         "it, and " +
         Part +
         " moves differently from how it copies; declare the copy and move "
         "operations in every configuration (e.g. '= default')";
}

} // namespace varsim::rewrite::safety
