//===- rewrite/passes/EarlyRecordings.cpp - Record-pass parses made early -===//
//
// See EarlyRecordings.h.
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/EarlyRecordings.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace varsim::rewrite {
namespace {

std::map<std::string, FileGroups> groupsOf(const RewriteState &S) {
  std::map<std::string, FileGroups> Groups;
  for (const auto &[File, FS] : S.Structures)
    Groups.emplace(File, analyzeGroups(FS, *S.Features));
  return Groups;
}

std::map<std::string, std::vector<unsigned>>
watchedOf(const std::map<std::string, FileGroups> &Groups) {
  std::map<std::string, std::vector<unsigned>> Watched;
  for (const auto &[File, G] : Groups)
    Watched[File] = G.Watched;
  return Watched;
}

} // namespace

RecorderInputs::RecorderInputs(const RewriteState &S)
    : RecorderInputs(S, groupsOf(S)) {}

RecorderInputs::RecorderInputs(const RewriteState &S,
                               std::map<std::string, FileGroups> Groups)
    : Groups(std::move(Groups)), Watched(watchedOf(this->Groups)),
      Ranges(S.Structures, this->Groups, *S.Features) {}

RecordingJob
RecorderInputs::job(const RewriteState &S, SyntaxOnlyParse Parse,
                    const std::set<std::string> *GlobalsWatched) const {
  RecordingJob R;
  R.Parse = std::move(Parse);
  R.Structures = &S.Structures;
  R.Watched = &Watched;
  R.Ranges = Ranges.any() ? &Ranges : nullptr;
  R.Globals = true;
  R.GlobalsWatchedMacros = GlobalsWatched;
  return R;
}

std::pair<size_t, std::string>
recordingKey(const RewriteState &S, const CompileEntry *Entry,
             const std::vector<std::string> &Defines) {
  return {static_cast<size_t>(Entry - S.Project->Entries.data()),
          llvm::join(Defines, " ")};
}

std::set<std::string>
changedFiles(const std::map<std::string, std::string> &Then,
             const std::map<std::string, std::string> &Now) {
  std::set<std::string> Changed;
  for (const auto &[File, F] : Then) {
    auto It = Now.find(File);
    if (It == Now.end() || It->second != F)
      Changed.insert(File);
  }
  for (const auto &[File, F] : Now)
    if (!Then.count(File))
      Changed.insert(File);
  return Changed;
}

bool readNoneOf(const RecordedParse &R, const std::set<std::string> &Changed) {
  return llvm::none_of(R.Read,
                       [&](const std::string &F) { return Changed.count(F); });
}

} // namespace varsim::rewrite
