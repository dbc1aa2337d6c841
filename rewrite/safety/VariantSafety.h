//===- rewrite/safety/VariantSafety.h - Refuse silently wrong simulators -*-
// C++ -*-===//
//
// The simulator compiles the declarations of every variant (the union):
// members, globals and functions under a feature #if are always there. Two
// kinds of code would then behave differently from the variant without
// failing to compile, and are refused with located errors:
//
//  - a sizeof/alignof/offsetof of a record that has members under a feature
//    (directly, or through what it holds by value): the simulator's layout
//    is that of every variant at once. Allowed where the larger value is
//    harmless: sizes passed to allocation and to memset/memcpy/memmove/
//    qsort/bsearch (possibly multiplied or added to), and the element count
//    `sizeof a / sizeof a[0]`.
//  - code that runs without being called: a namespace-scope or static
//    member object under a feature whose initialisation or destruction runs
//    project code (or any code with effects), a class member under a
//    feature whose construction or destruction does, and a function with
//    __attribute__((constructor/destructor)) under a feature.
//  - a name that resolves to different entities in different parse
//    configurations (an overload, a hiding member or a shadowing local
//    under a feature), a macro selected at run time whose expansions have
//    different types, that expands to a type, or that is concatenated with
//    a string literal.
//
// The pass parses every translation unit in every parse configuration.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_VARIANTSAFETY_H
#define VARSIM_REWRITE_SAFETY_VARIANTSAFETY_H

#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/FeatureSetup.h"
#include "rewrite/ProjectLayout.h"
#include "rewrite/safety/SafetyFacts.h"

#include "llvm/Support/Error.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite::safety {

struct SafetyInput {
  const ProjectLayout &Project;
  /// The scanned project files (absolute path), after any overlay.
  const std::map<std::string, FileStructure> &Structures;
  /// Which groups are feature groups, and their presence conditions.
  const std::map<std::string, FileGroups> &Groups;
  const FeatureSetup &Features;
  /// The -D flags of each parse configuration.
  std::vector<std::vector<std::string>> ParseDefines;
  /// Absolute path -> text the parses see instead of the file (may be null).
  const std::map<std::string, std::string> *Overlay = nullptr;
  unsigned Jobs = 1;
  /// The CONFIG string of each parse configuration, for messages (empty:
  /// named by their -D flags).
  std::vector<std::string> ConfigNames = {};
  /// The parse configurations themselves (optional). With them, the pass
  /// also parses, where no parse configuration does, a configuration in
  /// which no branch of a feature group without #else holds: a name may
  /// resolve differently there (an overload under #ifdef is absent).
  std::vector<fm::Configuration> Configurations = {};
  /// The safety facts of the parse configurations' parses, already
  /// recorded (rewrite/RecordingParse.h): entry E's in configuration C at
  /// [E * ParseDefines.size() + C]. Null: the check parses them itself.
  /// Taken (moved from).
  std::vector<SafetyFacts> *Recorded = nullptr;
  /// The files each recorded parse read (absolute), as Recorded (may be
  /// null): a configuration of its own is then parsed only for the units
  /// where it can change the text (sameParseAs in VariantSafety.cpp).
  const std::vector<std::set<std::string>> *RecordedReads = nullptr;
};

/// Every finding as a located error (`file:line:col: error: ...`), joined,
/// in file and line order; success if there is none. A translation unit
/// that does not compile in a configuration is skipped (the rewriter's own
/// parse reports it).
llvm::Error checkVariantSafety(const SafetyInput &In);

/// The same, with the parse configurations as the rewriter chose them (for
/// wiring the pass into rewriteProject with one call).
llvm::Error checkVariantSafety(
    const ProjectLayout &Project,
    const std::map<std::string, FileStructure> &Structures,
    const std::map<std::string, FileGroups> &Groups,
    const FeatureSetup &Features,
    const std::vector<fm::Configuration> &ParseConfigurations,
    const std::map<std::string, std::string> *Overlay, unsigned Jobs,
    std::vector<SafetyFacts> *Recorded = nullptr,
    const std::vector<std::set<std::string>> *RecordedReads = nullptr);

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_VARIANTSAFETY_H
