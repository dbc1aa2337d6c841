//===- rewrite/Rewriter.cpp - varsim rewrite, from database to OUT --------===//
//
// The pipeline: the passes of rewrite/passes/, in order, over one
// RewriteState, stopping at the first error. Nothing is written to OUT
// before the output pass, which writes OUT.partial and renames it into
// place only when everything succeeded. Each pass's parses are counted
// (rewrite/ParseCount.h) for --verbose and the manifest.
//
//===----------------------------------------------------------------------===//

#include "rewrite/Rewriter.h"

#include "rewrite/passes/Passes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace varsim::rewrite {

char OutputKeptError::ID = 0;

llvm::ArrayRef<RewritePass> rewritePasses() {
  static const RewritePass Passes[] = {
      {"project", runProjectPass},
      {"scan", runScanPass},
      {"features", runFeaturesPass},
      {"derived-macros", runDerivedMacrosPass},
      {"foreign-features", runForeignFeaturesPass},
      {"derived-macros", runDerivedMacrosPass},
      {"template-lowering", runTemplateLoweringPass},
      {"derived-macros", runDerivedMacrosPass},
      {"global-lowering", runGlobalLoweringPass},
      {"derived-macros", runDerivedMacrosPass},
      {"feature-groups", runFeatureGroupsPass},
      {"parse-configurations", runParseConfigurationsPass},
      {"safety", runSafetyPass},
      {"facts", runFactsPass},
      {"planning", runPlanningPass},
      {"function-switches", runFunctionSwitchPass},
      {"file-rewrite", runFileRewritePass},
      {"output", runOutputPass},
      {"summary", runSummaryPass},
      {"dataflow", runDataFlowPass},
  };
  return Passes;
}

std::string defaultOutDir(llvm::StringRef CompileCommands) {
  llvm::SmallString<256> Abs(CompileCommands);
  fs::make_absolute(Abs);
  path::remove_dots(Abs, true);
  llvm::SmallString<256> Out(path::parent_path(Abs));
  path::append(Out, "varsim");
  return std::string(Out);
}

llvm::Expected<RewriteSummary> rewriteProject(const RewriteOptions &Options) {
  RewriteState S(Options);
  for (const RewritePass &P : rewritePasses()) {
    CountParses Count(S.Parses, P.Name);
    if (llvm::Error E = P.Run(S))
      return E;
  }
  return std::move(S.Summary);
}

} // namespace varsim::rewrite
