//===- rewrite/FeatureGroups.h - #if groups on feature macros ---*- C++ -*-===//
//
// Which #if groups of a project test features, the condition of each branch
// on its own and in context (its presence condition), and the small set of
// configurations to parse so that every live branch is seen by Clang once.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_FEATUREGROUPS_H
#define VARSIM_REWRITE_FEATUREGROUPS_H

#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureSetup.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite {

/// What the rewriter knows about one #if group.
struct GroupInfo {
  bool IsFeature = false;
  /// By branch: the branch's own condition (earlier branches negated) and
  /// its presence condition (with enclosing feature branches).
  std::vector<CondPtr> Own, Presence;
  /// Non-feature macros that a feature group also tests (an error if live
  /// and the group is not Separable).
  std::vector<std::string> MixedMacros;
  /// Every branch test is a conjunction of a part over non-feature
  /// (platform, project) macros, decided at compile time, and a part over
  /// features. Then by branch: the two parts (nullptr when absent); Own and
  /// Presence take the platform part as true (the branch's code only runs
  /// where it holds).
  bool Separable = false;
  std::vector<CondPtr> PlatformPart, FeaturePart;
  /// By branch, in a Separable group: the presence condition if every
  /// earlier branch's platform part were false instead (nullptr where no
  /// earlier branch has one). A branch whose Presence is unsatisfiable but
  /// this is not is dead only if the build makes an earlier platform part
  /// true, which the rewrite cannot read.
  std::vector<CondPtr> PresenceIfPlatformFalse;
};

/// What the rewriter knows about the groups of one file.
struct FileGroups {
  std::vector<GroupInfo> Groups; ///< By group index (FileStructure::Groups).
  /// Directives of feature groups (if/elif/else/endif), to place in the AST.
  std::vector<unsigned> Watched;

  /// The presence condition of an offset (innermost feature branch).
  CondPtr presenceAt(const FileStructure &FS, unsigned Offset) const;
};

FileGroups analyzeGroups(const FileStructure &FS, const FeatureSetup &F);

/// Calls Visit(File, FS, FG, GroupIndex) for every feature #if group of the
/// files of Structures that Groups describes, in file order: the walk the
/// project-wide scans of feature branches' directives share.
template <typename VisitFn>
void forEachFeatureGroup(const std::map<std::string, FileStructure> &Structures,
                         const std::map<std::string, FileGroups> &Groups,
                         VisitFn Visit) {
  for (const auto &[File, FS] : Structures) {
    auto FGIt = Groups.find(File);
    if (FGIt == Groups.end())
      continue;
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI)
      if (FGIt->second.Groups[GI].IsFeature)
        Visit(File, FS, FGIt->second, GI);
  }
}

/// Where a declaration whose first token is at Begin starts as text: a
/// return type or specifiers chosen by a #if group that opens before Begin
/// and closes before Name (`#ifdef X` / `uint64_t` / `#else` / `uint16_t` /
/// `#endif` / `f(...) {...}`) belong to it, so it starts at the group's #if
/// line (outermost such group). One function of one presence, not one
/// definition per branch: a parse sees only its own branch's type.
unsigned declarationStart(const FileStructure &FS, unsigned Begin,
                          unsigned Name);

/// The condition under which a translation unit reads each project file
/// that #includes reach only inside feature branches (`#ifdef VERBOSE` /
/// `#include "opt/deep.h"`): a header's own branches are parsed only when
/// a unit includes it, so their presence conditions are covered together
/// with it. One satisfiable chain of include sites per file, each site's
/// presence and its includer's context (conjunctions stay conjunctions);
/// files a unit reads unconditionally, units and files no #include names
/// are absent. Includes are followed by name (a project file whose path
/// ends with the #include's), as the scan knows no search path.
std::map<std::string, CondPtr>
includeContexts(const std::map<std::string, FileStructure> &Structures,
                const std::map<std::string, FileGroups> &Groups,
                const std::set<std::string> &Units, const FeatureSetup &F);

/// Configurations (valid under the model) under which every satisfiable
/// presence condition holds at least once; at least one configuration.
std::vector<fm::Configuration>
chooseParseConfigurations(const std::vector<CondPtr> &Conditions,
                          const FeatureSetup &F);

/// A valid configuration that satisfies C, if there is one.
std::optional<fm::Configuration> findSatisfying(const Cond &C,
                                                const FeatureSetup &F);
/// True if some valid configuration satisfies C.
bool isSatisfiable(const Cond &C, const FeatureSetup &F);

/// True if C holds under configuration Cfg.
bool holds(const Cond &C, const fm::Configuration &Cfg, const FeatureSetup &F);

/// C over feature names ("A && !B", "LEVEL >= 2"): calltrace.json syntax.
std::string conditionText(const Cond &C, const FeatureSetup &F);
/// C as a C expression over the runtime's feature reads.
std::string conditionCode(const Cond &C, const FeatureSetup &F);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_FEATUREGROUPS_H
