//===- rewrite/passes/FactsPass.cpp - Every TU in every configuration
//------===//
//
// Reads: the record pass's parse facts (Results) and the recorded scan
// errors. Adds: per project file what each parse that included it says
// (Views). Refuses a translation unit that does not compile in a parse
// configuration, and a file that did not scan if some translation unit
// includes it.
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/CompileFailure.h"
#include "rewrite/passes/Passes.h"
#include "support/Utf8Path.h"

namespace varsim::rewrite {

llvm::Error runFactsPass(RewriteState &S) {
  const ProjectLayout &Project = *S.Project;
  // The record pass's parses, at [entry * configurations + configuration].
  size_t NC = S.Configs.size();
  for (size_t I = 0; I < S.Results.size(); ++I)
    if (S.Results[I].Failed) {
      ParseJob Job{&Project.Entries[I / NC],
                   S.Features->defines(S.Configs[I % NC]), S.FeatureMacros,
                   &S.Lowered};
      return compileFailure(S, Job, S.ConfigNames[I % NC],
                            S.Results[I].Diagnostics);
    }

  for (size_t I = 0; I < S.Results.size(); ++I)
    for (const auto &[File, Facts] : S.Results[I].Files)
      S.Views[File].push_back({static_cast<unsigned>(I % NC), &Facts});
  for (const auto &[File, D] : S.ScanErrors)
    if (S.Views.count(File))
      return makeError(D.Where, D.Message);
  // The name of a file a translation unit includes reaches the region
  // table, the traces and the data-flow facts: it must be UTF-8. Files no
  // translation unit reads are copied byte for byte and left out of the
  // manifest's file table.
  for (const auto &[File, Vs] : S.Views)
    if (llvm::Error E = requireUtf8Path(File, "included file"))
      return E;
  return llvm::Error::success();
}

} // namespace varsim::rewrite
