//===- rewrite/passes/GlobalLoweringPass.cpp - File-scope variability
//------===//
//
// Reads: the project, features, texts, structures, the files lowered so
// far and the designated initializers' recordings. Adds: file-scope
// variability (tables with conditional entries, constants, variables and
// typedefs per feature) lowered into renamed variants and
// per-configuration functions: the lowered files and GlobalSites
// (rewrite/globals/). Its parses carry every recorder of the record pass
// (Recordings, with the fingerprints of what they read), so that a unit
// whose files the lowering leaves alone is parsed once; where the
// designated initializers' pass already parsed a unit in a configuration
// and no file that parse read changed since, its recording is taken
// instead of parsing again (rewrite/passes/EarlyRecordings.h).
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/GlobalVariants.h"
#include "rewrite/passes/EarlyRecordings.h"
#include "rewrite/passes/Passes.h"

#include <mutex>

namespace varsim::rewrite {

llvm::Error runGlobalLoweringPass(RewriteState &S) {
  // The record pass's inputs as they are now; the record pass checks that
  // they did not change for the files a recording read.
  RecorderInputs Inputs(S);
  std::map<std::string, std::string> Fingerprints =
      recordingFingerprints(S, Inputs.Groups);
  // The designated initializers' recordings that still hold: none of the
  // files they read changed since.
  std::map<std::pair<size_t, std::string>, RecordedParse> Earlier;
  std::set<std::string> Changed =
      changedFiles(S.RecordingFingerprints, Fingerprints);
  for (auto &[Key, P] : S.Recordings)
    if (P.Globals && readNoneOf(P, Changed))
      Earlier.emplace(Key, std::move(P));
  S.Recordings.clear();
  S.RecordingFingerprints = std::move(Fingerprints);

  std::mutex RecordingsMutex;
  unsigned Taken = 0;
  auto Collect = [&](const globals::GlobalFactsJob &J) {
    auto Key = recordingKey(S, J.Entry, J.Defines);
    std::optional<RecordedParse> P;
    {
      // Taken only if the global recorder watched the same macros then.
      std::lock_guard<std::mutex> Lock(RecordingsMutex);
      auto It = Earlier.find(Key);
      if (It != Earlier.end() && J.WatchedMacros &&
          *J.WatchedMacros == S.RecordingGlobalsWatched) {
        P = std::move(It->second);
        Earlier.erase(It);
        ++Taken;
      }
    }
    if (!P)
      P = recordTranslationUnit(
          Inputs.job(S, {J.Entry, J.Defines, J.StripMacros, {}, J.Overlay},
                     J.WatchedMacros),
          *S.Project);
    globals::GlobalFacts Facts = std::move(*P->Globals);
    P->Globals.reset();
    std::lock_guard<std::mutex> Lock(RecordingsMutex);
    S.Recordings[Key] = std::move(*P);
    return Facts;
  };

  auto Globals = globals::lowerGlobalVariability(
      {*S.Project, *S.Features, S.Texts, S.Structures, S.Lowered,
       S.Options.Jobs, S.Options.Log, Collect});
  if (!Globals)
    return Globals.takeError();
  if (S.Options.Verbose && Taken)
    S.Log << "global-lowering: " << Taken
          << " parses taken from the designated initializers' (no file they "
             "read changed)\n";
  // Recordings the lowering did not ask for (it parsed nothing, or in other
  // configurations) stay for the record pass.
  for (auto &[Key, P] : Earlier) {
    P.Globals.reset();
    S.Recordings.try_emplace(Key, std::move(P));
  }
  S.RecordingGlobalsWatched.clear();
  if (llvm::Error E = S.applyLowering(std::move(Globals->Files)))
    return E;
  S.GlobalSites = std::move(Globals->Sites);
  // As before the passes: resolved again whenever any lowering changed a
  // file, even when this one did not.
  S.DerivedMacrosStale = !S.Lowered.empty();
  return llvm::Error::success();
}

} // namespace varsim::rewrite
