//===- rewrite/passes/GlobalLoweringPass.cpp - File-scope variability
//------===//
//
// Reads: the project, features, texts, structures and the files lowered so
// far. Adds: file-scope variability (tables with conditional entries,
// constants, variables and typedefs per feature) lowered into renamed
// variants and per-configuration functions: the lowered files and
// GlobalSites (rewrite/globals/). Its parses carry every recorder of the
// record pass (Recordings, with the fingerprints of what they read), so
// that a unit whose files the lowering leaves alone is parsed once.
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/GlobalVariants.h"
#include "rewrite/passes/Passes.h"

#include "llvm/ADT/StringExtras.h"

#include <mutex>

namespace varsim::rewrite {

llvm::Error runGlobalLoweringPass(RewriteState &S) {
  // The record pass's inputs as they are now; the record pass checks that
  // they did not change for the files a recording read.
  std::map<std::string, FileGroups> Groups;
  std::map<std::string, std::vector<unsigned>> Watched;
  for (const auto &[File, FS] : S.Structures) {
    FileGroups G = analyzeGroups(FS, *S.Features);
    Watched[File] = G.Watched;
    Groups.emplace(File, std::move(G));
  }
  safety::FeatureRanges Ranges(S.Structures, Groups, *S.Features);
  S.Recordings.clear();
  std::mutex RecordingsMutex;
  auto Collect = [&](const globals::GlobalFactsJob &J) {
    RecordingJob R;
    R.Parse = {J.Entry, J.Defines, J.StripMacros, {}, J.Overlay};
    R.Structures = &S.Structures;
    R.Watched = &Watched;
    R.Ranges = Ranges.any() ? &Ranges : nullptr;
    R.Globals = true;
    R.GlobalsWatchedMacros = J.WatchedMacros;
    RecordedParse P = recordTranslationUnit(R, *S.Project);
    globals::GlobalFacts Facts = std::move(*P.Globals);
    P.Globals.reset();
    std::lock_guard<std::mutex> Lock(RecordingsMutex);
    S.Recordings[{static_cast<size_t>(J.Entry - S.Project->Entries.data()),
                  llvm::join(J.Defines, " ")}] = std::move(P);
    return Facts;
  };
  S.RecordingFingerprints = recordingFingerprints(S, Groups);

  auto Globals = globals::lowerGlobalVariability(
      {*S.Project, *S.Features, S.Texts, S.Structures, S.Lowered,
       S.Options.Jobs, S.Options.Log, Collect});
  if (!Globals)
    return Globals.takeError();
  if (llvm::Error E = S.applyLowering(std::move(Globals->Files)))
    return E;
  S.GlobalSites = std::move(Globals->Sites);
  // As before the passes: resolved again whenever any lowering changed a
  // file, even when this one did not.
  S.DerivedMacrosStale = !S.Lowered.empty();
  return llvm::Error::success();
}

} // namespace varsim::rewrite
