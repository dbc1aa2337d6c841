//===- rewrite/passes/RecordPass.cpp - One parse per TU and configuration -===//
//
// Reads: the project, structures, watched directives, groups, features,
// parse configurations and lowered files. Adds: one parse of every
// translation unit in every parse configuration with every recorder
// installed (rewrite/RecordingParse.h): the parse facts (Results) and, if
// any code is conditional on a feature, the variant-safety facts
// (RecordedSafety), each at [entry * configurations + configuration]. It
// refuses nothing: the safety pass judges the recordings, the facts pass
// refuses a translation unit that does not compile.
//
//===----------------------------------------------------------------------===//

#include "rewrite/ParseLoop.h"
#include "rewrite/RecordingParse.h"
#include "rewrite/passes/Passes.h"

#include <atomic>
#include <mutex>

namespace varsim::rewrite {

llvm::Error runRecordPass(RewriteState &S) {
  const ProjectLayout &Project = *S.Project;
  safety::FeatureRanges Ranges(S.Structures, S.Groups, *S.Features);
  // Nothing conditional: the safety pass has nothing to judge.
  bool WithSafety = Ranges.any();
  std::vector<RecordingJob> Jobs;
  std::vector<unsigned> JobConfig;
  for (const CompileEntry &E : Project.Entries)
    for (unsigned CI = 0; CI < S.Configs.size(); ++CI) {
      RecordingJob J;
      J.Parse.Entry = &E;
      J.Parse.Defines = S.Features->defines(S.Configs[CI]);
      J.Parse.StripMacros = S.FeatureMacros;
      J.Parse.Overlay = &S.Lowered;
      J.Structures = &S.Structures;
      J.Watched = &S.Watched;
      J.Ranges = WithSafety ? &Ranges : nullptr;
      Jobs.push_back(std::move(J));
      JobConfig.push_back(CI);
    }
  std::vector<RecordedParse> Recorded(Jobs.size());
  std::atomic<unsigned> Finished{0};
  std::mutex LogMutex;
  bool ShowProgress = Jobs.size() >= 8;
  parseInParallel(S.Options.Jobs, Jobs.size(), [&](size_t I) {
    Recorded[I] = recordTranslationUnit(Jobs[I], Project);
    unsigned N = ++Finished;
    if (!ShowProgress)
      return;
    const std::string &Name = S.ConfigNames[JobConfig[I]];
    std::lock_guard<std::mutex> Lock(LogMutex);
    S.Log << "[" << N << "/" << Jobs.size() << "] parsed "
          << Project.relativeToRoot(Jobs[I].Parse.Entry->File) << " ("
          << (Name.empty() ? std::string("no optional feature") : Name)
          << ")\n";
  });
  S.Results.clear();
  S.RecordedSafety.clear();
  for (RecordedParse &R : Recorded) {
    S.Results.push_back(std::move(*R.Facts));
    if (R.Safety)
      S.RecordedSafety.push_back(std::move(*R.Safety));
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite
