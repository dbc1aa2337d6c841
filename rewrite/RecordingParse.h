//===- rewrite/RecordingParse.h - One parse, every recorder -----*- C++ -*-===//
//
// The rewrite's analyses need the same parse of a translation unit in a
// parse configuration: the parse facts (rewrite/ParseFacts.h) and the
// variant-safety facts (rewrite/safety/SafetyCollector.h). Like
// clang-include-cleaner, which records everything in one parse and
// analyses afterwards, one action installs every recorder asked for (their
// preprocessor callbacks, their AST consumers behind one
// MultiplexConsumer), so that each translation unit is parsed once per
// configuration and the passes judge the recordings afterwards.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_RECORDINGPARSE_H
#define VARSIM_REWRITE_RECORDINGPARSE_H

#include "rewrite/ParseFacts.h"
#include "rewrite/SyntaxOnlyParse.h"
#include "rewrite/globals/GlobalFacts.h"
#include "rewrite/safety/FeatureRanges.h"
#include "rewrite/safety/SafetyFacts.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTConsumer;
class CompilerInstance;
} // namespace clang

namespace varsim::rewrite {

struct RecordingJob {
  SyntaxOnlyParse Parse;
  /// The facts recorder's inputs (ParseFacts.h); null: not recorded.
  const std::map<std::string, FileStructure> *Structures = nullptr;
  const std::map<std::string, std::vector<unsigned>> *Watched = nullptr;
  /// The safety recorder's feature ranges; null: not recorded.
  const safety::FeatureRanges *Ranges = nullptr;
  /// The global-variability recorder (rewrite/globals/GlobalFacts.h), with
  /// the macros it watches (may be null).
  bool Globals = false;
  const std::set<std::string> *GlobalsWatchedMacros = nullptr;
  /// The recorder of the pass that parses (the designated initializers'),
  /// installed beside the others: its consumer, made when the parse starts
  /// (empty: none). Called from the parse's thread.
  std::function<std::unique_ptr<clang::ASTConsumer>(clang::CompilerInstance &)>
      Extra;
};

struct RecordedParse {
  bool Failed = false;
  std::string Diagnostics;          ///< The compiler's messages, if Failed.
  std::optional<ParseResult> Facts; ///< If recorded.
  std::optional<safety::SafetyFacts> Safety;   ///< If recorded.
  std::optional<globals::GlobalFacts> Globals; ///< If recorded.
  /// Every file the parse read (absolute, without dots): a recording stays
  /// valid while none of them changes (RecordedParses).
  std::set<std::string> Read;
};

/// Parses Job.Parse once with every recorder Job asks for. With the safety
/// recorder the bodies of functions outside the project are skipped (the
/// recorders read the project's only); should that ever break the parse,
/// the translation unit is parsed again in full, which decides.
RecordedParse recordTranslationUnit(const RecordingJob &Job,
                                    const ProjectLayout &Project);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_RECORDINGPARSE_H
