//===- rewrite/passes/FactsPass.cpp - Every TU in every configuration
//------===//
//
// Reads: the project, structures, watched directives, features, parse
// configurations, lowered files and the recorded scan errors. Adds: one
// parse of every translation unit in every parse configuration (Results),
// and per project file what each parse that included it says (Views).
// Refuses a translation unit that does not compile in a configuration, and
// a file that did not scan if some translation unit includes it.
//
//===----------------------------------------------------------------------===//

#include "rewrite/ParseLoop.h"
#include "rewrite/passes/CompileFailure.h"
#include "rewrite/passes/Passes.h"
#include "support/Utf8Path.h"

#include <atomic>
#include <mutex>

namespace varsim::rewrite {

llvm::Error runFactsPass(RewriteState &S) {
  const ProjectLayout &Project = *S.Project;
  std::vector<ParseJob> Jobs;
  std::vector<unsigned> JobConfig;
  for (const CompileEntry &E : Project.Entries)
    for (unsigned CI = 0; CI < S.Configs.size(); ++CI) {
      Jobs.push_back({&E, S.Features->defines(S.Configs[CI]), S.FeatureMacros,
                      &S.Lowered});
      JobConfig.push_back(CI);
    }
  S.Results.assign(Jobs.size(), {});
  std::atomic<unsigned> Finished{0};
  std::mutex LogMutex;
  bool ShowProgress = Jobs.size() >= 8;
  parseInParallel(S.Options.Jobs, Jobs.size(), [&](size_t I) {
    S.Results[I] =
        parseTranslationUnit(Jobs[I], Project, S.Structures, S.Watched);
    unsigned N = ++Finished;
    if (!ShowProgress)
      return;
    const std::string &Name = S.ConfigNames[JobConfig[I]];
    std::lock_guard<std::mutex> Lock(LogMutex);
    S.Log << "[" << N << "/" << Jobs.size() << "] parsed "
          << Project.relativeToRoot(Jobs[I].Entry->File) << " ("
          << (Name.empty() ? std::string("no optional feature") : Name)
          << ")\n";
  });
  for (size_t I = 0; I < Jobs.size(); ++I)
    if (S.Results[I].Failed)
      return compileFailure(S, Jobs[I], S.ConfigNames[JobConfig[I]],
                            S.Results[I].Diagnostics);

  for (size_t I = 0; I < S.Results.size(); ++I)
    for (const auto &[File, Facts] : S.Results[I].Files)
      S.Views[File].push_back({JobConfig[I], &Facts});
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
