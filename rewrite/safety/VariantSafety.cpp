//===- rewrite/safety/VariantSafety.cpp - Refuse silently wrong simulators ===//

#include "rewrite/safety/VariantSafety.h"

#include "rewrite/DirectiveScanner.h"
#include "rewrite/ParseLoop.h"
#include "rewrite/SyntaxOnlyParse.h"
#include "rewrite/safety/CopySiteJudge.h"
#include "rewrite/safety/FeatureRanges.h"
#include "rewrite/safety/LayoutJudge.h"
#include "rewrite/safety/ResolutionJudge.h"
#include "rewrite/safety/SafetyCollector.h"
#include "rewrite/safety/SafetyFacts.h"
#include "support/Diagnostic.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <optional>
#include <set>
#include <tuple>

#ifndef VARSIM_CLANG_RESOURCE_DIR
#define VARSIM_CLANG_RESOURCE_DIR ""
#endif

namespace varsim::rewrite::safety {

using namespace clang;

namespace {

class SafetyAction : public ASTFrontendAction {
public:
  SafetyAction(const ProjectLayout &Project, const FeatureRanges &Ranges,
               SafetyFacts &Out, bool SkipBodies)
      : Project(Project), Ranges(Ranges), Out(Out), SkipBodies(SkipBodies) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // The consumer keeps the bodies of the project's functions only.
    CI.getFrontendOpts().SkipFunctionBodies = SkipBodies;
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    return makeSafetyConsumer(CI, Project, Ranges, Out);
  }

private:
  const ProjectLayout &Project;
  const FeatureRanges &Ranges;
  SafetyFacts &Out;
  bool SkipBodies;
};

SafetyFacts parseOne(const CompileEntry &E,
                     const std::vector<std::string> &Defines,
                     const std::vector<std::string> &Strip,
                     const SafetyInput &In, const FeatureRanges &Ranges,
                     bool SkipBodies) {
  SafetyFacts Facts;
  SyntaxOnlyParse P;
  P.Entry = &E;
  P.Defines = Defines;
  P.StripMacros = Strip;
  P.Overlay = In.Overlay;
  auto Factory =
      actionFactoryFor<SafetyAction>(In.Project, Ranges, Facts, SkipBodies);
  if (runSyntaxOnly(P, Factory).Failed) {
    // Skipping the library's bodies should never break a parse; if it did,
    // the full parse decides.
    if (SkipBodies)
      return parseOne(E, Defines, Strip, In, Ranges, false);
    SafetyFacts Failed;
    Failed.Failed = true;
    return Failed;
  }
  return Facts;
}

/// Configurations, beyond Have, in which no branch of a feature group
/// without #else holds (within its enclosing branch), where no
/// configuration of Have is one: declarations under #ifdef are absent
/// there, and a name may resolve to another declaration.
std::vector<fm::Configuration>
absentCover(const SafetyInput &In, const std::vector<fm::Configuration> &Have) {
  std::vector<CondPtr> Open;
  std::set<std::string> Seen;
  for (const auto &[File, FS] : In.Structures) {
    auto G = In.Groups.find(File);
    if (G == In.Groups.end())
      continue;
    const FileGroups &FG = G->second;
    for (size_t GI = 0; GI < FS.Groups.size(); ++GI) {
      const CondGroup &CG = FS.Groups[GI];
      if (GI >= FG.Groups.size() || !FG.Groups[GI].IsFeature ||
          CG.Branches.empty() || !CG.Branches.back().Condition)
        continue;
      std::vector<CondPtr> None;
      for (const CondPtr &Own : FG.Groups[GI].Own)
        if (Own)
          None.push_back(makeNot(Own));
      if (CG.ParentGroup && *CG.ParentGroup < FG.Groups.size() &&
          CG.ParentBranch < FG.Groups[*CG.ParentGroup].Presence.size())
        None.push_back(FG.Groups[*CG.ParentGroup].Presence[CG.ParentBranch]);
      CondPtr C = makeAnd(None);
      if (!Seen.insert(conditionText(*C, In.Features)).second ||
          llvm::any_of(Have,
                       [&](const fm::Configuration &Cfg) {
                         return holds(*C, Cfg, In.Features);
                       }) ||
          !isSatisfiable(*C, In.Features))
        continue;
      Open.push_back(C);
    }
  }
  std::vector<fm::Configuration> Out;
  if (Open.empty())
    return Out;
  for (const fm::Configuration &C :
       chooseParseConfigurations(Open, In.Features))
    if (!llvm::is_contained(Have, C) && !llvm::is_contained(Out, C))
      Out.push_back(C);
  return Out;
}

/// Whether a parse that read Files in one configuration would see the
/// same text in another whose -D flags differ from its own in Macros: no
/// file names any of them (a feature macro reaches a parse only through a
/// file naming it, in an #if, a use or VARSIM_F_<macro>; a name formed by
/// ## pasting is not looked for). Such a parse is the same parse, and its
/// facts serve for both. A file that cannot be read names everything.
class SameTexts {
public:
  explicit SameTexts(const std::map<std::string, std::string> *Overlay)
      : Overlay(Overlay) {}

  bool unaffected(const std::set<std::string> &Files,
                  const std::set<std::string> &Macros) {
    return llvm::none_of(Files, [&](const std::string &F) {
      return llvm::any_of(Macros,
                          [&](const std::string &M) { return names(F, M); });
    });
  }

  /// The macros whose -D flags differ between A and B.
  static std::set<std::string> differing(const std::vector<std::string> &A,
                                         const std::vector<std::string> &B) {
    std::set<std::string> SA(A.begin(), A.end()), SB(B.begin(), B.end()), Out;
    auto Name = [](llvm::StringRef D) {
      D.consume_front("-D");
      D.consume_front("-U");
      return D.split('=').first.str();
    };
    for (const std::string &D : SA)
      if (!SB.count(D))
        Out.insert(Name(D));
    for (const std::string &D : SB)
      if (!SA.count(D))
        Out.insert(Name(D));
    return Out;
  }

private:
  bool names(const std::string &File, const std::string &Macro) {
    auto [It, New] = Named.try_emplace({File, Macro}, true);
    if (!New)
      return It->second;
    if (Overlay)
      if (auto O = Overlay->find(File); O != Overlay->end()) {
        It->second = llvm::StringRef(O->second).contains(Macro);
        return It->second;
      }
    auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
    It->second = !Buffer || (*Buffer)->getBuffer().contains(Macro);
    return It->second;
  }

  const std::map<std::string, std::string> *Overlay;
  std::map<std::pair<std::string, std::string>, bool> Named;
};

} // namespace

llvm::Error checkVariantSafety(const SafetyInput &In) {
  FeatureRanges Ranges(In.Structures, In.Groups, In.Features);
  if (!Ranges.any())
    return llvm::Error::success(); // Nothing is conditional.
  std::vector<std::string> Strip = In.Features.macros();
  std::vector<std::vector<std::string>> Configs = In.ParseDefines;
  if (Configs.empty())
    Configs.emplace_back();
  std::vector<std::string> Names = In.ConfigNames;
  for (size_t C = Names.size(); C < Configs.size(); ++C) {
    std::string Name;
    for (llvm::StringRef D : Configs[C]) {
      D.consume_front("-D");
      Name += (Name.empty() ? "" : ",") + D.str();
    }
    Names.push_back(Name);
  }
  Names.resize(Configs.size());
  if (In.Configurations.size() == In.ParseDefines.size() &&
      !In.Configurations.empty())
    for (const fm::Configuration &C : absentCover(In, In.Configurations)) {
      Configs.push_back(In.Features.defines(C));
      Names.push_back(In.Features.Model.format(C));
    }

  std::vector<std::pair<const CompileEntry *, size_t>> Jobs;
  for (const CompileEntry &E : In.Project.Entries)
    for (size_t C = 0; C < Configs.size(); ++C)
      Jobs.emplace_back(&E, C);
  std::vector<SafetyFacts> Parses(Jobs.size());
  size_t NParse = In.ParseDefines.size();
  bool HaveRecorded = In.Recorded && NParse &&
                      In.Recorded->size() == In.Project.Entries.size() * NParse;
  auto RecordedAt = [&](size_t I) -> SafetyFacts * {
    size_t E = Jobs[I].first - In.Project.Entries.data();
    return HaveRecorded && Jobs[I].second < NParse
               ? &(*In.Recorded)[E * NParse + Jobs[I].second]
               : nullptr;
  };
  std::vector<size_t> ToParse;
  for (size_t I = 0; I < Jobs.size(); ++I)
    if (SafetyFacts *R = RecordedAt(I))
      Parses[I] = std::move(*R);
    else
      ToParse.push_back(I);
  // A configuration of the safety pass's own (absentCover) changes the
  // text of few units (Lua: JUMPTABLE=0 only lvm.c's): the others' facts
  // are those of a recorded parse that sees the same text.
  bool HaveReads = HaveRecorded && In.RecordedReads &&
                   In.RecordedReads->size() == In.Recorded->size();
  if (HaveReads) {
    SameTexts Same(In.Overlay);
    std::vector<size_t> Still;
    for (size_t I : ToParse) {
      size_t E = Jobs[I].first - In.Project.Entries.data();
      size_t C = Jobs[I].second;
      std::optional<size_t> From;
      for (size_t H = 0; H < NParse && !From; ++H)
        if (!Parses[E * Configs.size() + H].Failed &&
            Same.unaffected((*In.RecordedReads)[E * NParse + H],
                            SameTexts::differing(Configs[C], Configs[H])))
          From = E * Configs.size() + H;
      if (From)
        Parses[I] = Parses[*From];
      else
        Still.push_back(I);
    }
    ToParse = std::move(Still);
  }
  parseInParallel(In.Jobs, ToParse.size(), [&](size_t K) {
    size_t I = ToParse[K];
    Parses[I] = parseOne(*Jobs[I].first, Configs[Jobs[I].second], Strip, In,
                         Ranges, /*SkipBodies=*/true);
  });

  std::vector<ParseOrigin> Origins;
  for (const auto &[Entry, Config] : Jobs)
    Origins.push_back(
        {static_cast<size_t>(Entry - In.Project.Entries.data()), Config});

  std::vector<Finding> All = judgeLayouts(Parses, In.Project, Ranges);
  for (std::vector<Finding> More :
       {judgeResolutions(Parses, Origins, Names, Ranges),
        judgeCopySites(Parses, Origins, Names, Ranges),
        judgeMacroTypes(Parses, Origins, Ranges),
        judgeStorageMacros(Parses, Origins, In.Project)})
    All.insert(All.end(), More.begin(), More.end());
  for (const SafetyFacts &P : Parses)
    All.insert(All.end(), P.Findings.begin(), P.Findings.end());
  auto Order = [](const Finding &F) {
    return std::make_tuple(F.Where.File, F.Where.Line, F.Where.Column);
  };
  std::stable_sort(
      All.begin(), All.end(),
      [&](const Finding &A, const Finding &B) { return Order(A) < Order(B); });
  llvm::Error Result = llvm::Error::success();
  std::set<std::tuple<std::string, unsigned, unsigned>> Seen;
  for (const Finding &F : All)
    if (Seen.insert(Order(F)).second)
      Result =
          llvm::joinErrors(std::move(Result), makeError(F.Where, F.Message));
  return Result;
}

llvm::Error
checkVariantSafety(const ProjectLayout &Project,
                   const std::map<std::string, FileStructure> &Structures,
                   const std::map<std::string, FileGroups> &Groups,
                   const FeatureSetup &Features,
                   const std::vector<fm::Configuration> &ParseConfigurations,
                   const std::map<std::string, std::string> *Overlay,
                   unsigned Jobs, std::vector<SafetyFacts> *Recorded,
                   const std::vector<std::set<std::string>> *RecordedReads) {
  SafetyInput In{Project, Structures, Groups, Features, {}, Overlay, Jobs};
  In.Recorded = Recorded;
  In.RecordedReads = RecordedReads;
  for (const fm::Configuration &C : ParseConfigurations) {
    In.ParseDefines.push_back(Features.defines(C));
    In.ConfigNames.push_back(Features.Model.format(C));
  }
  In.Configurations = ParseConfigurations;
  return checkVariantSafety(In);
}

} // namespace varsim::rewrite::safety
