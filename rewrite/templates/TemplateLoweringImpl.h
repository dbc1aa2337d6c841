//===- rewrite/templates/TemplateLoweringImpl.h - Site lowering -*- C++ -*-===//
//
// Internal to the template lowering (TemplateLowering.h): the state of one
// lowering, shared by its two halves. TemplateLowering.cpp finds the
// configuration sites (the candidate #if groups, the facts parse, the
// names declared in every branch, the sites left to later passes);
// TemplateLoweringEdits.cpp writes the lowering (the renames, the
// references, the value functions, the function templates and their
// dispatchers).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_TEMPLATELOWERINGIMPL_H
#define VARSIM_REWRITE_TEMPLATES_TEMPLATELOWERINGIMPL_H

#include "rewrite/templates/TemplateLowering.h"

#include "rewrite/DirectiveScanner.h"
#include "rewrite/TextEdits.h"
#include "rewrite/templates/TemplateFacts.h"
#include "support/Diagnostic.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite::templates::lowering {

using Edit = TextEdit;

struct SiteLowering {
  const LoweringInput &In;
  std::map<std::string, FileStructure> Structures;
  std::map<std::string, std::vector<CandidateBranch>> Candidates;
  std::map<std::string, std::vector<MacroCandidate>> Macros;
  /// The per-branch definitions of the candidate macros.
  std::vector<NameDef> MacroDefs;
  TemplateFacts Facts;
  /// Site names: NameDef key -> the branch -> its declaration.
  std::map<std::string, std::map<unsigned, const NameDef *>> Sites;
  std::map<std::string, std::set<Edit>> Edits;
  /// Sites read at run time through their value functions.
  std::set<std::string> ValueSites;
  std::map<std::string, std::string> Appended;

  const std::string &text(const std::string &File) const {
    return In.Texts.at(File);
  }

  llvm::Error locatedError(const std::string &File, unsigned Line, unsigned Col,
                           const std::string &Msg) const {
    return makeError(File, Line, Col, Msg);
  }

  // Finding the sites (TemplateLowering.cpp).
  bool findCandidates(std::vector<CondPtr> &ToCover);
  void findMacros(const std::string &File, const FileStructure &FS,
                  unsigned GI);
  llvm::Error parseAll(const std::vector<CondPtr> &ToCover);
  llvm::Error findSites();
  unsigned directiveLine(const NameDef &D, unsigned Branch) const;
  std::string siteFeatures(const NameDef &D) const;
  std::optional<unsigned> branchOf(const NameDef &D, const std::string &File,
                                   unsigned Offset) const;
  void leaveUnloweredSites();
  void lowerFlags();

  // Writing the lowering (TemplateLoweringEdits.cpp).
  llvm::Error lower(LoweringResult &Result);
  llvm::Error
  addValueFunctions(const std::map<unsigned, const NameDef *> &Branches);
  void callTemplatesDirectly(
      const std::map<std::string, std::set<std::string>> &Uses);
  void lowerFunction(const FunctionSite &F,
                     const std::set<std::string> &SiteKeys);
  std::string branchCondition(const NameDef &Any, unsigned B) const;
  void emitDispatch(llvm::raw_ostream &OS, const FunctionSite &F,
                    const std::vector<const NameDef *> &Names,
                    const std::vector<std::vector<const NameDef *>> &Levels,
                    const std::string &Args);
};

} // namespace varsim::rewrite::templates::lowering

#endif // VARSIM_REWRITE_TEMPLATES_TEMPLATELOWERINGIMPL_H
