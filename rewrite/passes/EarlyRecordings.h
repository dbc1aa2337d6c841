//===- rewrite/passes/EarlyRecordings.h - Record-pass parses made early -*- C++
//-*-===//
//
// The record pass needs every translation unit parsed in every parse
// configuration with its recorders (rewrite/RecordingParse.h). The passes
// before it that parse every unit in configurations covering every feature
// branch, as the record pass does (the designated initializers' and the
// global lowering's), install those recorders on their own parses, with
// the global lowering's recorder: a later pass takes such a recording
// instead of parsing the same text in the same configuration again, unless
// a file the parse read changed since (its text, its conditions, the
// directives placed: recordingFingerprints). Issue 18: one parse per
// translation unit and configuration while the texts stay the same.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_PASSES_EARLYRECORDINGS_H
#define VARSIM_REWRITE_PASSES_EARLYRECORDINGS_H

#include "rewrite/passes/RewriteState.h"
#include "rewrite/safety/FeatureRanges.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace varsim::rewrite {

/// The record pass's inputs as they are now: each file's feature groups and
/// watched directives, the feature ranges of the safety recorder.
struct RecorderInputs {
  explicit RecorderInputs(const RewriteState &S);
  /// With the groups the caller already analysed (analyzeGroups of every
  /// structure).
  RecorderInputs(const RewriteState &S,
                 std::map<std::string, FileGroups> Groups);
  RecorderInputs(const RecorderInputs &) = delete;
  RecorderInputs &operator=(const RecorderInputs &) = delete;

  std::map<std::string, FileGroups> Groups;
  std::map<std::string, std::vector<unsigned>> Watched;
  safety::FeatureRanges Ranges;

  /// Parse with the record pass's recorders (the safety one only if some
  /// code is conditional, as the record pass decides) and the global
  /// lowering's, watching GlobalsWatched.
  RecordingJob job(const RewriteState &S, SyntaxOnlyParse Parse,
                   const std::set<std::string> *GlobalsWatched) const;
};

/// Where Recordings keeps the parse of Entry with Defines.
std::pair<size_t, std::string>
recordingKey(const RewriteState &S, const CompileEntry *Entry,
             const std::vector<std::string> &Defines);

/// Files whose fingerprint differs between Then and Now.
std::set<std::string>
changedFiles(const std::map<std::string, std::string> &Then,
             const std::map<std::string, std::string> &Now);

/// Whether R read none of Changed (the recording still holds).
bool readNoneOf(const RecordedParse &R, const std::set<std::string> &Changed);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_PASSES_EARLYRECORDINGS_H
