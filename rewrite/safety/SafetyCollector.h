//===- rewrite/safety/SafetyCollector.h - Safety facts of one parse -*- C++
//-*-===//
//
// An AST consumer that collects, from one parse of one translation unit,
// what the variant-safety checks need: the layout facts of records (which
// members are under a feature, which records hold which by value), the
// sizeof/alignof/offsetof expressions of the project whose value is not
// known to be harmless, and the objects and functions under a feature that
// run without being called. It also makes the parse skip the bodies of
// functions outside the project (set FrontendOptions::SkipFunctionBodies).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_SAFETYCOLLECTOR_H
#define VARSIM_REWRITE_SAFETY_SAFETYCOLLECTOR_H

#include "rewrite/ProjectLayout.h"
#include "rewrite/safety/FeatureRanges.h"
#include "rewrite/safety/SafetyFacts.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"

#include <memory>

namespace varsim::rewrite::safety {

/// The consumer for one parse; Out must outlive it.
std::unique_ptr<clang::ASTConsumer>
makeSafetyConsumer(clang::CompilerInstance &CI, const ProjectLayout &Project,
                   const FeatureRanges &Ranges, SafetyFacts &Out);

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_SAFETYCOLLECTOR_H
