//===- rewrite/templates/FeatureBranchTexts.h - Feature branches' text -*- C++
//-*-===//
//
// What the lowerings that write a definition for the configurations
// without a feature branch (FeatureSpecializations.h, FeatureOverloads.h)
// read of a file's #if groups: its structure (with the derived macros'
// resolution when the pass has it), the feature branches around an offset
// and their condition, and the presumed lines of the original text.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_FEATUREBRANCHTEXTS_H
#define VARSIM_REWRITE_TEMPLATES_FEATUREBRANCHTEXTS_H

#include "rewrite/FeatureGroups.h"
#include "rewrite/PassThroughLines.h"
#include "rewrite/templates/TemplateLowering.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <string>

namespace varsim::rewrite::templates {

/// '{' less '}' in Text, comments and literals aside: a group that opens a
/// namespace or class before a definition has no place after its `#endif`
/// in the definition's scope.
int braceDepth(llvm::StringRef Text);

/// Where a definition lies: the feature branches around it (innermost
/// first, up to the first group that tests no feature).
struct Enclosing {
  std::string Condition; ///< Their conjunction, preprocessor syntax.
  std::string Shown;     ///< Over feature names, for messages.
  unsigned Outer = 0;    ///< The outermost of those groups.
  unsigned OuterBegin = 0, OuterEnd = 0; ///< Its `#if` to its `#endif`.
  /// The innermost group around it and the branch it is in.
  unsigned Inner = 0, InnerBranch = 0;
  bool Any = false;
};

/// A branch of a feature group, as forEachFeatureBranch shows it.
struct FeatureBranch {
  const std::string &File;
  llvm::StringRef Text;        ///< The whole file's.
  unsigned Begin = 0, End = 0; ///< The branch's content in Text.
  CondPtr Presence;            ///< Null if the group has none for it.
};

class FeatureBranchTexts {
public:
  explicit FeatureBranchTexts(const LoweringInput &In) : In(In) {}

  /// F for every branch of every feature group of the texts that hold an
  /// `#if`, that Wanted accepts (null: all) and whose structure scans; in
  /// file, group and branch order.
  void forEachFeatureBranch(llvm::function_ref<bool(llvm::StringRef)> Wanted,
                            llvm::function_ref<void(const FeatureBranch &)> F);

  /// The structure of File (null if it is not one of the texts or does not
  /// scan; the rewriter reports that).
  const FileStructure *structureOf(const std::string &File);
  /// Its groups' conditions; after a successful structureOf.
  const FileGroups &groupsOf(const std::string &File) const {
    return GroupsOf.at(File);
  }
  /// The feature branches around Offset of File; after structureOf.
  Enclosing enclosingOf(const std::string &File, unsigned Offset);
  /// The line the compiler reports for Offset of File; after structureOf.
  unsigned presumedLine(const std::string &File, unsigned Offset);

private:
  const LoweringInput &In;
  std::map<std::string, FileStructure> Structures;
  std::map<std::string, FileGroups> GroupsOf;
  std::map<std::string, PresumedLines> Lines;
};

} // namespace varsim::rewrite::templates

#endif // VARSIM_REWRITE_TEMPLATES_FEATUREBRANCHTEXTS_H
