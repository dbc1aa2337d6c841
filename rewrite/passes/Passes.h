//===- rewrite/passes/Passes.h - The passes of varsim rewrite ---*- C++ -*-===//
//
// The rewrite, pass by pass (docs/architecture.md lists what each reads
// and adds). Each pass is one file of this directory with one entry point;
// rewriteProject runs them in the order of rewritePasses() and stops at the
// first error. Adding a lowering means adding a pass here.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_PASSES_PASSES_H
#define VARSIM_REWRITE_PASSES_PASSES_H

#include "rewrite/passes/RewriteState.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace varsim::rewrite {

llvm::Error runProjectPass(RewriteState &S);
llvm::Error runScanPass(RewriteState &S);
llvm::Error runFeaturesPass(RewriteState &S);
llvm::Error runIncludedListsPass(RewriteState &S);
llvm::Error runIncludedBackendsPass(RewriteState &S);
llvm::Error runPassThroughMacrosPass(RewriteState &S);
llvm::Error runEnabledMacrosPass(RewriteState &S);
llvm::Error runDerivedMacrosPass(RewriteState &S);
llvm::Error runForeignFeaturesPass(RewriteState &S);
llvm::Error runPointerWrappersPass(RewriteState &S);
llvm::Error runTemplateLoweringPass(RewriteState &S);
llvm::Error runValueArgumentsPass(RewriteState &S);
llvm::Error runFeatureSpecializationsPass(RewriteState &S);
llvm::Error runFeatureOverloadsPass(RewriteState &S);
llvm::Error runDesignatedInitsPass(RewriteState &S);
llvm::Error runGlobalLoweringPass(RewriteState &S);
llvm::Error runFeatureGroupsPass(RewriteState &S);
llvm::Error runParseConfigurationsPass(RewriteState &S);
llvm::Error runRecordPass(RewriteState &S);
llvm::Error runSafetyPass(RewriteState &S);
llvm::Error runFactsPass(RewriteState &S);
llvm::Error runPlanningPass(RewriteState &S);
llvm::Error runFunctionSwitchPass(RewriteState &S);
/// Part of the function-switches pass (SignatureSwitches.cpp): the C
/// function Name defined per feature with another type or linkage at
/// Sites (file, definition): each definition renamed and each use renamed
/// to the one it reaches. False if it is not a name chosen per feature
/// (the caller refuses it); a located error for a use that may reach
/// several definitions.
llvm::Expected<bool> lowerSignatureVariants(
    RewriteState &S, const std::string &Name,
    const std::vector<std::pair<std::string, const FunctionFact *>> &Sites);
llvm::Error runFileRewritePass(RewriteState &S);
llvm::Error runOutputPass(RewriteState &S);
llvm::Error runSummaryPass(RewriteState &S);
llvm::Error runDataFlowPass(RewriteState &S);

/// What a recording of a parse depends on, per file (absolute path): its
/// text where a lowering replaced it, and its feature groups (conditions,
/// watched directives). Files absent read the disk and have no #if.
std::map<std::string, std::string>
recordingFingerprints(const RewriteState &S,
                      const std::map<std::string, FileGroups> &Groups);

struct RewritePass {
  llvm::StringLiteral Name; ///< As shown in parse counts and docs.
  llvm::Error (*Run)(RewriteState &);
};

/// The parses the pipeline counted so far, per translation unit (in
/// compile database order) and configuration (manifest "parses").
std::vector<manifest::ParseCountRow> parseCountRows(const RewriteState &S);
/// The same, for `varsim rewrite --verbose`.
void printParseCounts(const RewriteState &S, llvm::raw_ostream &OS);

/// Every pass, in the order they run.
llvm::ArrayRef<RewritePass> rewritePasses();

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_PASSES_PASSES_H
