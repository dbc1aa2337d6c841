//===- rewrite/passes/RecordPass.cpp - One parse per TU and configuration -===//
//
// Reads: the project, structures, watched directives, groups, features,
// parse configurations and lowered files. Adds: one parse of every
// translation unit in every parse configuration with every recorder
// installed (rewrite/RecordingParse.h): the parse facts (Results) and, if
// any code is conditional on a feature, the variant-safety facts
// (RecordedSafety), each at [entry * configurations + configuration]. It
// refuses nothing: the safety pass judges the recordings, the facts pass
// refuses a translation unit that does not compile. A parse the
// designated initializers' or the global lowering's pass already made with
// these recorders is taken instead (rewrite/passes/EarlyRecordings.h), unless a
// file it read changed since (its text, its conditions, the directives
// placed): only the units that read a lowered file are parsed again.
// Afterwards Recordings holds, of each parse, only the files it read (for
// the safety pass, which takes them).
//
//===----------------------------------------------------------------------===//

#include "rewrite/ParseLoop.h"
#include "rewrite/RecordingParse.h"
#include "rewrite/passes/EarlyRecordings.h"
#include "rewrite/passes/Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

#include <atomic>
#include <mutex>

namespace varsim::rewrite {

std::map<std::string, std::string>
recordingFingerprints(const RewriteState &S,
                      const std::map<std::string, FileGroups> &Groups) {
  std::map<std::string, std::string> Out;
  for (const auto &[File, Text] : S.Lowered)
    Out[File] = "text " + llvm::utohexstr(llvm::xxh3_64bits(Text)) + ";";
  auto Cond = [&](const CondPtr &C) {
    return C ? conditionText(*C, *S.Features) : std::string("-");
  };
  for (const auto &[File, G] : Groups) {
    std::string &F = Out[File];
    for (const GroupInfo &GI : G.Groups) {
      F += GI.IsFeature ? "F" : "N";
      F += GI.Separable ? "S" : "";
      for (const auto *Conds :
           {&GI.Own, &GI.Presence, &GI.PlatformPart, &GI.FeaturePart})
        for (const CondPtr &C : *Conds)
          F += "(" + Cond(C) + ")";
      F += "[" + llvm::join(GI.MixedMacros, ",") + "]";
      F += ";";
    }
    for (unsigned W : G.Watched)
      F += std::to_string(W) + ",";
  }
  return Out;
}

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
  std::set<std::string> Changed =
      changedFiles(S.RecordingFingerprints, recordingFingerprints(S, S.Groups));
  std::vector<size_t> ToParse;
  for (size_t I = 0; I < Jobs.size(); ++I) {
    auto It = S.Recordings.find(
        recordingKey(S, Jobs[I].Parse.Entry, Jobs[I].Parse.Defines));
    if (It != S.Recordings.end() && It->second.Facts &&
        It->second.Safety.has_value() == WithSafety &&
        readNoneOf(It->second, Changed))
      Recorded[I] = std::move(It->second);
    else
      ToParse.push_back(I);
  }
  S.Recordings.clear();
  if (S.Options.Verbose && ToParse.size() < Jobs.size())
    S.Log << "record: " << Jobs.size() - ToParse.size() << " of " << Jobs.size()
          << " parses taken from earlier passes' (no file they read "
             "changed)\n";
  std::atomic<unsigned> Finished{0};
  std::mutex LogMutex;
  bool ShowProgress = ToParse.size() >= 8;
  parseInParallel(S.Options.Jobs, ToParse.size(), [&](size_t K) {
    size_t I = ToParse[K];
    Recorded[I] = recordTranslationUnit(Jobs[I], Project);
    unsigned N = ++Finished;
    if (!ShowProgress)
      return;
    const std::string &Name = S.ConfigNames[JobConfig[I]];
    std::lock_guard<std::mutex> Lock(LogMutex);
    S.Log << "[" << N << "/" << ToParse.size() << "] parsed "
          << Project.relativeToRoot(Jobs[I].Parse.Entry->File) << " ("
          << (Name.empty() ? std::string("no optional feature") : Name)
          << ")\n";
  });
  S.Results.clear();
  S.RecordedSafety.clear();
  for (size_t I = 0; I < Jobs.size(); ++I) {
    RecordedParse &R = Recorded[I];
    S.Results.push_back(std::move(*R.Facts));
    if (R.Safety)
      S.RecordedSafety.push_back(std::move(*R.Safety));
    // What it read, for the safety pass (Recordings, nothing else kept).
    RecordedParse &Kept = S.Recordings[recordingKey(S, Jobs[I].Parse.Entry,
                                                    Jobs[I].Parse.Defines)];
    Kept.Read = std::move(R.Read);
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite
