//===- rewrite/passes/SummaryPass.cpp - What the rewrite did, for the user
//-===//
//
// Reads: the summary and, with --verbose, the parse counts. Adds: nothing;
// prints to the log what was written where (before the data-flow pass, so
// that its lines follow the summary).
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/Passes.h"

namespace varsim::rewrite {

llvm::Error runSummaryPass(RewriteState &S) {
  const RewriteSummary &Sum = S.Summary;
  if (S.Options.Verbose)
    printParseCounts(S, S.Log);
  S.Log << "varsim: rewrote " << Sum.FilesRewritten << " of "
        << Sum.FilesWritten << " files (" << Sum.TranslationUnits
        << " translation units, " << Sum.ParseConfigurations
        << " parse configurations): " << Sum.Features << " features, "
        << Sum.Regions << " regions, " << Sum.Renamings << " renamings, "
        << Sum.TemplateSites << " template sites and " << Sum.GlobalSites
        << " file-scope entities lowered\n"
        << "varsim: simulator in " << Sum.OutDir << " (sources: " << Sum.OutDir
        << "/src, compile database: " << Sum.OutDir
        << "/compile_commands.json, manifest: " << Sum.OutDir
        << "/manifest.json)\n";
  return llvm::Error::success();
}

} // namespace varsim::rewrite
