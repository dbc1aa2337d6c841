//===- rewrite/safety/SpecialMembers.cpp - Members run without a call -----===//

#include "rewrite/safety/SpecialMembers.h"

namespace varsim::rewrite::safety {

using namespace clang;

std::string implicitlyRun(const CXXMethodDecl *M) {
  if (!M || M->isImplicit() || M->isDeleted() || M->isDefaulted() ||
      M->getInstantiatedFromMemberFunction())
    return "";
  // The first declaration decides: `~C();` in the class, `C::~C() {}` out of
  // line.
  const auto *First = cast<CXXMethodDecl>(M->getFirstDecl());
  if (First != M)
    return "";
  std::string Class = "'" + M->getParent()->getNameAsString() + "'";
  std::string Name = "'" + M->getQualifiedNameAsString() + "'";
  if (isa<CXXDestructorDecl>(M))
    return "the destructor " + Name + " runs at the end of every " + Class +
           " object's lifetime";
  if (const auto *C = dyn_cast<CXXConstructorDecl>(M)) {
    if (C->isDefaultConstructor())
      return "the default constructor " + Name + " runs wherever a " + Class +
             " is created without arguments (the variants without it use "
             "the implicit one)";
    if (C->isCopyOrMoveConstructor()) {
      // With a user-declared copy constructor there is no implicit move
      // constructor: the variants without this one move by copying (or by
      // another overload), whatever that runs.
      bool ByCopy = C->isMoveConstructor() &&
                    M->getParent()->hasUserDeclaredCopyConstructor();
      return std::string("the ") + (C->isMoveConstructor() ? "move" : "copy") +
             " constructor " + Name + " runs wherever a " + Class +
             " is copied or moved (the variants without it use " +
             (ByCopy ? "the copy constructor or another overload"
                     : "the implicit one") +
             ")";
    }
    return "";
  }
  if (M->isCopyAssignmentOperator() || M->isMoveAssignmentOperator()) {
    bool ByCopy = M->isMoveAssignmentOperator() &&
                  M->getParent()->hasUserDeclaredCopyAssignment();
    return std::string("the ") +
           (M->isMoveAssignmentOperator() ? "move" : "copy") + " assignment " +
           Name + " runs wherever a " + Class +
           " is assigned (the variants without it use " +
           (ByCopy ? "another assignment operator" : "the implicit one") + ")";
  }
  if (M->isVirtual() && M->size_overridden_methods() > 0)
    return "the override " + Name +
           " runs wherever the base's virtual function is called on a " +
           Class + " (the variants without it run the base's)";
  return "";
}

} // namespace varsim::rewrite::safety
