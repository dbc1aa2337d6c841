//===- rewrite/templates/TemplateLowering.cpp -----------------------------===//
//
// A configuration site is an #if group on features (not nested in another
// one, ending in #else) whose every branch declares the same name: a type
// alias (a policy), a class (a trait class, a CRTP implementation) or an
// integral constant (a feature constant, the selector of a specialization,
// the condition of `if constexpr`). The lowering:
//
//   - renames each branch's declaration (`Cache` -> `Cache__varsim_alt0`),
//     so that the #if rewriter compiles them all (the union);
//   - turns every function whose body names the site into a template over
//     it, on its own lines (`template <class Cache> int f__varsim_t(...)`),
//     the body untouched: below the site the code is the variant's code;
//   - appends to the file the function under its own name, a dispatcher
//     whose body is the site's #if group again, one `return
//     f__varsim_t<Cache__varsim_altN>(args);` per branch. The #if rewriter
//     turns that into a run-time switch with a region per branch: the
//     dispatch happens once per call of the outermost function, and the
//     time below it is attributed to the features that selected it.
//
// Line numbers of the original are kept: every edit stays on its line and
// the dispatchers come after the last line.
//
// This file finds the sites and runs the steps; the edits are written in
// TemplateLoweringEdits.cpp (TemplateLoweringImpl.h holds their state).
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/TemplateLowering.h"

#include "rewrite/FeatureGroups.h"
#include "rewrite/templates/FlagLowering.h"
#include "rewrite/templates/LoweringParses.h"
#include "rewrite/templates/TemplateLoweringImpl.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace varsim::rewrite::templates {
namespace lowering {
namespace {

/// A group that may declare a site: on features, outermost among the
/// feature groups, at least two branches, the last an #else, and every
/// branch holding something that looks like a declaration.
bool isCandidateGroup(const FileStructure &FS, const FileGroups &G, unsigned GI,
                      llvm::StringRef Text) {
  const CondGroup &Group = FS.Groups[GI];
  if (!G.Groups[GI].IsFeature || Group.Branches.size() < 2 ||
      Group.Branches.back().Condition)
    return false;
  for (auto P = Group.ParentGroup; P; P = FS.Groups[*P].ParentGroup)
    if (G.Groups[*P].IsFeature)
      return false;
  for (const CondGroup::Branch &B : Group.Branches) {
    llvm::StringRef Content =
        Text.slice(B.ContentBegin, std::max(B.ContentBegin, B.ContentEnd));
    if (!Content.contains("using") && !Content.contains("typedef") &&
        !Content.contains("const") && !Content.contains("struct") &&
        !Content.contains("class") && !Content.contains("define"))
      return false;
  }
  return true;
}

/// What a user can do about a refused site. A class template (or its
/// specializations) per feature gives different types per configuration
/// to everything built on them (RapidJSON's GenericMemberIterator: a
/// class or a plain pointer as GenericValue's MemberIterator): one
/// simulator cannot hold both, whatever the uses.
std::string templateSiteHint(const NameDef &D) {
  if (D.Unsupported == "an alias template")
    return "select a type alias, a class or an integral constant per "
           "feature instead";
  return "its instantiations are other types in each configuration, so "
         "every class and function built on them would need a copy per "
         "configuration; keep one definition whose members choose per "
         "feature (a constant, or a policy class selected by the "
         "feature, which varsim lowers), or leave this option out of the "
         "model";
}

} // namespace

bool SiteLowering::findCandidates(std::vector<CondPtr> &ToCover) {
  for (const auto &[File, Text] : In.Texts) {
    if (!llvm::StringRef(Text).contains("#if"))
      continue;
    auto FS = scanDirectives(File, Text);
    if (!FS) {
      llvm::consumeError(FS.takeError()); // The rewriter reports it.
      continue;
    }
    FileGroups G = analyzeGroups(*FS, In.Features);
    for (unsigned GI = 0; GI < FS->Groups.size(); ++GI) {
      if (!isCandidateGroup(*FS, G, GI, Text))
        continue;
      for (unsigned BI = 0; BI < FS->Groups[GI].Branches.size(); ++BI) {
        const CondGroup::Branch &B = FS->Groups[GI].Branches[BI];
        Candidates[File].push_back({GI, BI, B.ContentBegin, B.ContentEnd});
        ToCover.push_back(G.Groups[GI].Presence[BI]);
      }
      findMacros(File, *FS, GI);
    }
    Structures.emplace(File, std::move(*FS));
  }
  return !Candidates.empty();
}

/// Object-like macros #defined directly in every branch of group GI.
void SiteLowering::findMacros(const std::string &File, const FileStructure &FS,
                              unsigned GI) {
  const CondGroup &G = FS.Groups[GI];
  std::map<std::string, std::map<unsigned, unsigned>> Defined; // -> branch
  for (unsigned BI = 0; BI < G.Branches.size(); ++BI)
    for (unsigned DI : G.Branches[BI].Directives) {
      const Directive &D = FS.Directives[DI];
      if (D.Kind == DirectiveKind::Define && !D.FunctionLike &&
          !D.Macro.empty())
        Defined[D.Macro].emplace(BI, DI);
    }
  const Directive &If = FS.Directives[G.Branches.front().DirectiveIndex];
  const Directive &Endif = FS.Directives[G.EndifIndex];
  for (const auto &[Name, Branches] : Defined) {
    if (Branches.size() != G.Branches.size())
      continue;
    std::string Key = File + "|" + std::to_string(GI) + "|#" + Name;
    Macros[File].push_back({Key, Name, If.Begin, Endif.End});
    for (const auto &[BI, DI] : Branches) {
      const Directive &D = FS.Directives[DI];
      NameDef Def;
      Def.Key = Key;
      Def.File = File;
      Def.Group = GI;
      Def.Branch = BI;
      Def.Name = Name;
      Def.Idiom = "policy macro";
      Def.IsMacro = true;
      Def.Replacement = llvm::StringRef(D.Replacement).trim().str();
      Def.NameOffset = D.Begin;
      Def.DirectiveEnd = D.End;
      Def.DirectiveLines = D.PhysicalLines;
      Def.Line = D.Line;
      Def.Column = D.Column;
      MacroDefs.push_back(std::move(Def));
    }
  }
}

llvm::Error SiteLowering::parseAll(const std::vector<CondPtr> &ToCover) {
  auto Results = runLoweringParses<TemplateFacts>(
      In, ToCover, /*CxxOnly=*/false, "template lowering",
      [&](const LoweringParse &P, const std::vector<std::string> &Strip) {
        FactsJob Job{P, Strip, &Candidates, &Macros, In.Overlay};
        return collectTemplateFacts(Job, In.Project);
      });
  if (!Results)
    return Results.takeError();
  for (TemplateFacts &R : *Results) {
    Facts.Defs.merge(R.Defs);
    Facts.Calls.merge(R.Calls);
    Facts.Refs.merge(R.Refs);
    Facts.FlagBindings.merge(R.FlagBindings);
    for (auto &[Key, F] : R.FlagParams) {
      auto [It, New] = Facts.FlagParams.try_emplace(Key, F);
      if (New)
        continue;
      if (It->second.NotLowerable.empty())
        It->second.NotLowerable = F.NotLowerable;
      It->second.Uses.merge(F.Uses);
    }
    for (auto &[Key, F] : R.Functions) {
      auto [It, New] = Facts.Functions.try_emplace(Key, F);
      if (!New)
        It->second.TypenameAt.insert(F.TypenameAt.begin(), F.TypenameAt.end());
    }
  }
  return llvm::Error::success();
}

/// Names declared in every branch of their group become sites.
llvm::Error SiteLowering::findSites() {
  std::map<std::string, std::map<unsigned, const NameDef *>> ByKey;
  for (const auto &[_, D] : Facts.Defs)
    ByKey[D.Key][D.Branch] = &D;
  // A macro per branch is a site where it names a type (a template
  // argument, a policy); one that stands for a value stays the #if
  // rewriter's (a run-time expression).
  std::set<std::string> TypeMacros;
  for (const auto &[_, R] : Facts.Refs)
    if (R.TypePosition)
      TypeMacros.insert(R.DefKey);
  for (const NameDef &D : MacroDefs)
    if (TypeMacros.count(D.Key))
      ByKey[D.Key][D.Branch] = &D;
  for (auto &[Key, Branches] : ByKey) {
    const NameDef &First = *Branches.begin()->second;
    const CondGroup &G = Structures.at(First.File).Groups[First.Group];
    if (Branches.size() != G.Branches.size())
      continue; // Not declared in every branch: the #if rewriter's case.
    for (const auto &[B, D] : Branches)
      if (!D->Unsupported.empty())
        return locatedError(
            D->File, D->Line, D->Column,
            "'" + D->Name + "' is " + D->Unsupported +
                " defined per feature (the #if on line " +
                std::to_string(directiveLine(*D, 0)) +
                "): template variability of this kind is not supported; " +
                templateSiteHint(*D));
    Sites[Key] = Branches;
  }
  return llvm::Error::success();
}

unsigned SiteLowering::directiveLine(const NameDef &D, unsigned Branch) const {
  const FileStructure &FS = Structures.at(D.File);
  return FS.Directives[FS.Groups[D.Group].Branches[Branch].DirectiveIndex].Line;
}

std::string SiteLowering::siteFeatures(const NameDef &D) const {
  const FileStructure &FS = Structures.at(D.File);
  std::set<std::string> Macros;
  for (const CondGroup::Branch &B : FS.Groups[D.Group].Branches)
    if (B.Condition)
      collectMacros(*B.Condition, Macros);
  std::vector<std::string> Features;
  for (const std::string &M : Macros)
    if (In.Features.isFeatureMacro(M))
      Features.push_back(M);
  return llvm::join(Features, ",");
}

/// The branch of a site's own group holding Offset, if any.
std::optional<unsigned> SiteLowering::branchOf(const NameDef &D,
                                               const std::string &File,
                                               unsigned Offset) const {
  if (File != D.File)
    return std::nullopt;
  for (const CandidateBranch &B : Candidates.at(File))
    if (B.Group == D.Group && B.Begin <= Offset && Offset < B.End)
      return B.Branch;
  return std::nullopt;
}

/// A type or constant site used where no function can become a template
/// over it (a member, a signature, a global, a member function's type) is
/// left as it is: the file-scope pass (rewrite/globals/) makes variants of
/// what uses it, or a later stage refuses it with a located error. A
/// macro site keeps this pass's own refusal.
void SiteLowering::leaveUnloweredSites() {
  std::set<std::string> Leave;
  for (const auto &[_, R] : Facts.Refs) {
    auto Site = Sites.find(R.DefKey);
    if (Site == Sites.end())
      continue;
    const NameDef &D = *Site->second.begin()->second;
    if (D.IsMacro || branchOf(D, R.File, R.Offset))
      continue;
    std::string Where = R.Context;
    if (Where.empty() && !R.Function.empty())
      Where = Facts.Functions.at(R.Function).Unsupported;
    bool RuntimeRead = !D.IsType && R.RuntimeUse && D.DeclEnd;
    if (!Where.empty() && !RuntimeRead)
      Leave.insert(R.DefKey);
  }
  for (const std::string &Key : Leave)
    Sites.erase(Key);
}

/// Class-template flags bound to a site everywhere (FlagLowering.h):
/// their arguments are no references once lowered, so they neither make
/// a function a template nor leave the site to the later stages. A flag
/// whose site is left anyway (another use) keeps its arguments.
void SiteLowering::lowerFlags() {
  FlagPlan Plan = planFlags(Facts, Sites);
  std::map<std::string, NameRef> Taken;
  for (const std::string &Key : Plan.argumentRefs())
    if (auto It = Facts.Refs.find(Key); It != Facts.Refs.end()) {
      Taken.emplace(Key, It->second);
      Facts.Refs.erase(It);
    }
  leaveUnloweredSites();
  bool Restored = false;
  for (const FlagPlan::Flag &F : Plan.Flags)
    if (!Sites.count(F.SiteKey))
      for (const FlagBinding *B : F.Bindings)
        if (auto It = Taken.find(B->RefKey); It != Taken.end()) {
          Facts.Refs.insert(*It);
          Restored = true;
        }
  if (Restored)
    leaveUnloweredSites();
  for (const FlagPlan::Flag &F : Plan.Flags)
    if (Sites.count(F.SiteKey))
      ValueSites.insert(lowerFlag(F, Sites, Edits));
}

} // namespace lowering

namespace {

bool isCxxEntry(const CompileEntry &E) {
  return isCxxCompile(E.File, E.Arguments);
}

} // namespace

llvm::Expected<LoweringResult>
lowerTemplateVariability(const LoweringInput &In) {
  LoweringResult Result;
  if (std::none_of(In.Project.Entries.begin(), In.Project.Entries.end(),
                   isCxxEntry))
    return Result; // Templates need C++.
  lowering::SiteLowering L{In, {}, {}, {}, {}, {}, {}, {}, {}, {}};
  std::vector<CondPtr> ToCover;
  if (!L.findCandidates(ToCover))
    return Result;
  if (llvm::Error E = L.parseAll(ToCover))
    return E;
  if (llvm::Error E = L.findSites())
    return E;
  if (L.Sites.empty())
    return Result;
  if (llvm::Error E = L.lower(Result))
    return E;
  if (In.Log)
    for (const LoweredSite &S : Result.Sites)
      *In.Log << "lowered template variability: "
              << In.Project.relativeToRoot(S.File) << ":" << S.Line << " ("
              << S.Idiom << ", " << S.Features << ")\n";
  return Result;
}

} // namespace varsim::rewrite::templates
