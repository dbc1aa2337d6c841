//===- rewrite/passes/PointerWrappersPass.cpp - Iterator class or pointer -===//
//
// Reads: the project, features, texts and the files lowered so far.
// Adds: a class template per feature that is a class over a pointer in one
// branch and a plain pointer in the other, lowered to the class in every
// configuration where it behaves as the pointer
// (rewrite/templates/PointerWrappers.h): the lowered files and
// TemplateSites ("pointer wrapper"). Before the template lowering, which
// refuses class templates per feature.
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/Passes.h"
#include "rewrite/templates/PointerWrappers.h"

namespace varsim::rewrite {

llvm::Error runPointerWrappersPass(RewriteState &S) {
  return S.applyTemplateLowering(
      templates::lowerPointerWrappers(S.templateInput()));
}

} // namespace varsim::rewrite
