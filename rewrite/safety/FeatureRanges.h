//===- rewrite/safety/FeatureRanges.h - Code under a feature #if -*- C++
//-*-===//
//
// The source ranges of a project whose presence depends on the
// configuration: the branches of feature groups (groups on non-feature
// macros, such as include guards, are not conditional for this purpose).
// The variant-safety checks ask, for a declaration's offset in a file,
// whether it lies in such a range and under which presence condition.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_FEATURERANGES_H
#define VARSIM_REWRITE_SAFETY_FEATURERANGES_H

#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/FeatureSetup.h"
#include "support/Diagnostic.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite::safety {

class FeatureRanges {
public:
  FeatureRanges(const std::map<std::string, FileStructure> &Structures,
                const std::map<std::string, FileGroups> &Groups,
                const FeatureSetup &Features);

  /// The presence condition (feature syntax, "A && !B") of the innermost
  /// feature branch holding Offset in File, or nullptr if the offset is
  /// present in every configuration.
  const std::string *conditionAt(const std::string &File,
                                 unsigned Offset) const;
  /// The same, counting only branches that begin after OuterBegin: whether
  /// a member is conditional within its record (a record wholly under a
  /// feature has the same members in every variant that has it).
  const std::string *conditionInside(const std::string &File, unsigned Offset,
                                     unsigned OuterBegin) const;
  /// 1-based line of an offset in a scanned file as the compiler reports
  /// it (through `#line`s a lowering wrote; 0 if unknown).
  unsigned lineOf(const std::string &File, unsigned Offset) const;
  /// File:line:col of Offset (column 0 if the file was not scanned).
  SourcePoint pointOf(const std::string &File, unsigned Offset) const;
  /// The macros that some feature group defines differently in its
  /// branches: the rewriter selects their bodies at run time.
  bool isSelectedMacro(llvm::StringRef Macro) const {
    return SelectedMacros.count(Macro.str()) != 0;
  }
  bool anySelectedMacro() const { return !SelectedMacros.empty(); }
  /// A selected macro whose every body is one literal: the rewriter
  /// compares their types itself (MacroBodies.cpp, literalType).
  bool isLiteralMacro(llvm::StringRef Macro) const {
    return LiteralMacros.count(Macro.str()) != 0;
  }
  /// A selected macro defined empty in some branches and `static` in the
  /// others (`#ifdef TESTING #define STATIC #else #define STATIC static`):
  /// the rewriter keeps the empty definition, which is harmless where it
  /// begins a file-scope definition whose name no other unit defines.
  bool isStorageMacro(llvm::StringRef Macro) const {
    return StorageMacros.count(Macro.str()) != 0;
  }
  /// True if some file has a feature branch.
  bool any() const { return !ByFile.empty(); }
  /// True if the file has at least one feature branch.
  bool hasRanges(const std::string &File) const {
    return ByFile.count(File) != 0;
  }

private:
  struct Range {
    unsigned Begin, End; ///< [Begin, End) offsets of the branch's lines.
    std::string Condition;
  };
  const std::string *innermost(const std::string &File, unsigned Offset,
                               unsigned MinBegin) const;
  std::map<std::string, std::vector<Range>> ByFile;
  std::set<std::string> SelectedMacros, LiteralMacros, StorageMacros;
  const std::map<std::string, FileStructure> &Structures;
};

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_FEATURERANGES_H
