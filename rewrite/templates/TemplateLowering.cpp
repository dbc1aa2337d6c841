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
//===----------------------------------------------------------------------===//

#include "rewrite/templates/TemplateLowering.h"
#include "rewrite/ParseLoop.h"
#include "rewrite/TextEdits.h"

#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/templates/FlagLowering.h"
#include "rewrite/templates/TemplateFacts.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <set>

namespace varsim::rewrite::templates {
namespace {

constexpr llvm::StringLiteral TemplateSuffix = "__varsim_t";
/// The function that reads a feature constant at run time.
constexpr llvm::StringLiteral ValueSuffix = "__varsim_value";

std::string altName(const NameDef &D, unsigned Branch) {
  return D.Name + "__varsim_alt" + std::to_string(Branch);
}

bool isCxxEntry(const CompileEntry &E) {
  return isCxxCompile(E.File, E.Arguments);
}

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

using Edit = TextEdit;

llvm::Expected<std::string> applyEdits(const std::string &File,
                                       const std::string &Text,
                                       const std::set<Edit> &Edits) {
  return applyTextEdits(File, Text, 0, Edits, "template lowering");
}

/// Text on one line: the declaration's head, comments dropped.
std::string oneLine(llvm::StringRef Text) {
  std::string Out;
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    size_t C = L.find("//");
    if (C != llvm::StringRef::npos)
      L = L.take_front(C);
    Out += L.trim().str();
    Out += ' ';
  }
  return llvm::StringRef(Out).trim().str();
}

std::string sanitize(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    Out += llvm::isAlnum(C) ? static_cast<char>(llvm::toUpper(C)) : '_';
  return Out;
}

struct Lowering {
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

  bool findCandidates(std::vector<CondPtr> &ToCover) {
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
  void findMacros(const std::string &File, const FileStructure &FS,
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

  llvm::Error parseAll(const std::vector<CondPtr> &ToCover) {
    std::vector<fm::Configuration> Configs =
        chooseParseConfigurations(ToCover, In.Features);
    std::vector<std::string> FeatureMacros = In.Features.macros();
    std::vector<FactsJob> Jobs;
    for (const fm::Configuration &C : Configs)
      for (const CompileEntry &E : In.Project.Entries)
        Jobs.push_back({&E, In.Features.defines(C), FeatureMacros, &Candidates,
                        &Macros, In.Overlay});
    std::vector<TemplateFacts> Results(Jobs.size());
    parseInParallel(In.Jobs, Jobs.size(), [&](size_t I) {
      Results[I] = collectTemplateFacts(Jobs[I], In.Project);
    });
    for (size_t I = 0; I < Jobs.size(); ++I) {
      TemplateFacts &R = Results[I];
      if (R.Failed) {
        std::string Defines = llvm::join(Jobs[I].Defines, " ");
        return makeError(Jobs[I].Entry->File, 0, 0,
                         "does not compile with " +
                             (Defines.empty()
                                  ? std::string("no feature defined")
                                  : Defines) +
                             " (template lowering parse):\n" +
                             llvm::StringRef(R.Diagnostics).rtrim());
      }
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
          It->second.TypenameAt.insert(F.TypenameAt.begin(),
                                       F.TypenameAt.end());
      }
    }
    return llvm::Error::success();
  }

  /// Names declared in every branch of their group become sites.
  llvm::Error findSites() {
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

  /// What a user can do about a refused site. A class template (or its
  /// specializations) per feature gives different types per configuration
  /// to everything built on them (RapidJSON's GenericMemberIterator: a
  /// class or a plain pointer as GenericValue's MemberIterator): one
  /// simulator cannot hold both, whatever the uses.
  static std::string templateSiteHint(const NameDef &D) {
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

  unsigned directiveLine(const NameDef &D, unsigned Branch) const {
    const FileStructure &FS = Structures.at(D.File);
    return FS.Directives[FS.Groups[D.Group].Branches[Branch].DirectiveIndex]
        .Line;
  }

  std::string siteFeatures(const NameDef &D) const {
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
  std::optional<unsigned> branchOf(const NameDef &D, const std::string &File,
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
  void leaveUnloweredSites() {
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
  void lowerFlags() {
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

  llvm::Error lower(LoweringResult &Result) {
    lowerFlags();
    // Renamed declarations, one per branch.
    // A macro's #define lines are emptied: in the lowered functions its
    // name is the template parameter.
    for (const auto &[Key, Branches] : Sites)
      for (const auto &[B, D] : Branches)
        Edits[D->File].insert(
            D->IsMacro
                ? Edit{D->NameOffset, D->DirectiveEnd - D->NameOffset,
                       std::string(D->DirectiveLines, '\n')}
                : Edit{D->NameOffset, static_cast<unsigned>(D->Name.size()),
                       altName(*D, B)});

    // References: in the site's own group, renamed; in a function body,
    // the function becomes a template over the site; elsewhere an error.
    std::map<std::string, std::set<std::string>> Uses; // function -> sites
    std::vector<const NameRef *> Refs;
    for (const auto &[_, R] : Facts.Refs)
      if (Sites.count(R.DefKey))
        Refs.push_back(&R);
    // In source order, so that the first refusal is the first in the file.
    std::sort(Refs.begin(), Refs.end(), [](const NameRef *A, const NameRef *B) {
      return std::tie(A->File, A->Offset) < std::tie(B->File, B->Offset);
    });
    // The (function, site) pairs that need the function to become a
    // template over the site: a type, or a constant used where a constant
    // expression is required (a template argument, an array bound, ...).
    std::set<std::pair<std::string, std::string>> NeedsTemplate;
    for (const NameRef *R : Refs) {
      const NameDef &D = *Sites.at(R->DefKey).begin()->second;
      if (D.IsType || D.IsMacro || !R->RuntimeUse || !D.DeclEnd)
        NeedsTemplate.insert({R->Function, R->DefKey});
    }
    for (const NameRef *R : Refs) {
      const auto &Branches = Sites.at(R->DefKey);
      const NameDef &D = *Branches.begin()->second;
      if (auto B = branchOf(D, R->File, R->Offset); B && !D.IsMacro) {
        Edits[R->File].insert(
            {R->Offset, static_cast<unsigned>(D.Name.size()), altName(D, *B)});
        continue;
      }
      std::string Where = R->Context;
      if (Where.empty()) {
        const FunctionSite &F = Facts.Functions.at(R->Function);
        if (!F.Unsupported.empty())
          Where = F.Unsupported;
      }
      // A constant read at run time (a condition, `if constexpr` included,
      // an operand): read through a function defined per branch, which the
      // #if rewriter makes a feature switch, and `if constexpr` becomes a
      // plain `if`. In a member function that cannot become a template
      // this is the only way; elsewhere it keeps the function one
      // instantiation instead of one per value, so that a policy group of
      // three with a flag is three instantiations, not six (the flag's
      // branches are then regions, and the plan needs no run per
      // product). Both branches compile: the function was not a template,
      // so every variant compiled both already.
      if (!D.IsType && !D.IsMacro && R->RuntimeUse && D.DeclEnd &&
          (!Where.empty() || !NeedsTemplate.count({R->Function, R->DefKey}))) {
        Edits[R->File].insert({R->Offset, static_cast<unsigned>(D.Name.size()),
                               D.Name + ValueSuffix.str() + "()"});
        if (R->ConstexprAt)
          Edits[R->File].insert({*R->ConstexprAt, 9, ""});
        ValueSites.insert(R->DefKey);
        continue;
      }
      if (!Where.empty())
        return locatedError(
            R->File, R->Line, R->Column,
            "'" + D.Name + "' is selected by features (" + siteFeatures(D) +
                ", the #if on " + D.File + ":" +
                std::to_string(directiveLine(D, 0)) + ") and used in " + Where +
                ": varsim lowers this template variability only where the "
                "name is used in the body of a non-template, non-member "
                "function" +
                (D.IsType || D.IsMacro
                     ? std::string()
                     : std::string(", or where its value is read at run "
                                   "time (not as a constant expression)")) +
                " (docs/templates.md)");
      if (!In.Texts.count(R->File))
        return locatedError(R->File, R->Line, R->Column,
                            "'" + D.Name +
                                "' is selected by features and used in a "
                                "file that is not one of the project's "
                                "scanned sources; it cannot be lowered");
      Uses[R->Function].insert(R->DefKey);
      if (R->Qualified)
        Edits[R->File].insert({R->QualBegin, R->Offset - R->QualBegin, ""});
    }

    for (const std::string &Key : ValueSites)
      if (llvm::Error E = addValueFunctions(Sites.at(Key)))
        return E;
    for (const auto &[FnKey, SiteKeys] : Uses)
      lowerFunction(Facts.Functions.at(FnKey), SiteKeys);
    callTemplatesDirectly(Uses);

    // Sites, for the manifest.
    for (const auto &[Key, Branches] : Sites) {
      const NameDef &D = *Branches.begin()->second;
      Result.Sites.push_back(
          {D.File, directiveLine(D, 0), D.Idiom, siteFeatures(D)});
    }

    for (auto &[File, FileEdits] : Edits) {
      auto Text = applyEdits(File, text(File), FileEdits);
      if (!Text)
        return Text.takeError();
      auto A = Appended.find(File);
      if (A != Appended.end()) {
        if (!Text->empty() && Text->back() != '\n')
          *Text += '\n';
        *Text += A->second;
      }
      Result.Files[File] = std::move(*Text);
    }
    return llvm::Error::success();
  }

  /// After each branch's constant, on its line, a function returning it:
  /// `static inline bool kTrace__varsim_value() { return kTrace__varsim_alt0;
  /// }`.
  llvm::Error
  addValueFunctions(const std::map<unsigned, const NameDef *> &Branches) {
    for (const auto &[B, D] : Branches) {
      const std::string &Text = text(D->File);
      size_t Semi = Text.find(';', D->DeclEnd);
      if (Semi == std::string::npos ||
          llvm::StringRef(Text)
                  .slice(D->DeclEnd, Semi)
                  .find_first_not_of(" \t") != llvm::StringRef::npos)
        return locatedError(D->File, D->Line, D->Column,
                            "'" + D->Name +
                                "' is selected by features and read at run "
                                "time in a member function, but its "
                                "declaration does not end with ';' here");
      Edits[D->File].insert({static_cast<unsigned>(Semi + 1), 0,
                             " static inline " + D->ValueType + " " + D->Name +
                                 ValueSuffix.str() + "() { return " +
                                 altName(*D, B) + "; }"});
    }
    return llvm::Error::success();
  }

  /// A lowered function that calls another one lowered over some of its
  /// own sites calls the callee's template with its own parameters (the
  /// same names): one dispatch at the outermost function, not one per call.
  /// Only for a callee defined earlier in the same file (its template is
  /// declared there).
  void callTemplatesDirectly(
      const std::map<std::string, std::set<std::string>> &Uses) {
    for (const auto &[_, C] : Facts.Calls) {
      auto Caller = Uses.find(C.Caller), Callee = Uses.find(C.Callee);
      if (Caller == Uses.end() || Callee == Uses.end() ||
          C.Caller == C.Callee ||
          !std::includes(Caller->second.begin(), Caller->second.end(),
                         Callee->second.begin(), Callee->second.end()))
        continue;
      const FunctionSite &From = Facts.Functions.at(C.Caller);
      const FunctionSite &To = Facts.Functions.at(C.Callee);
      if (To.File != From.File || C.File != From.File ||
          To.BodyEnd >= From.DeclBegin || C.Offset <= From.BodyBegin ||
          C.Offset >= From.BodyEnd)
        continue;
      std::vector<std::string> Args;
      for (const std::string &Key : Callee->second)
        Args.push_back(Sites.at(Key).begin()->second->Name);
      Edits[C.File].insert({C.Offset, C.Length,
                            To.Name + TemplateSuffix.str() + "<" +
                                llvm::join(Args, ", ") + ">"});
    }
  }

  void lowerFunction(const FunctionSite &F,
                     const std::set<std::string> &SiteKeys) {
    const std::string &Text = text(F.File);
    // Template parameters named as the sites, so the body stays as written;
    // grouped by #if group (one dispatch level each).
    std::vector<std::string> Params;
    std::vector<const NameDef *> Names;
    std::vector<std::vector<const NameDef *>> Levels;
    std::map<std::string, unsigned> LevelOf;
    for (const std::string &Key : SiteKeys) {
      const NameDef &D = *Sites.at(Key).begin()->second;
      Names.push_back(&D);
      Params.push_back((D.IsType ? "class " : D.ValueType + " ") + D.Name);
      std::string GroupKey = D.File + "|" + std::to_string(D.Group);
      auto [It, New] = LevelOf.try_emplace(GroupKey, Levels.size());
      if (New)
        Levels.emplace_back();
      Levels[It->second].push_back(&D);
    }

    std::string Head = "template <" + llvm::join(Params, ", ") + "> ";
    if (F.FirstDeclaration)
      Head = oneLine(llvm::StringRef(Text).slice(F.DeclBegin, F.BodyBegin)) +
             "; " + Head;
    std::set<Edit> &E = Edits[F.File];
    E.insert({F.DeclBegin, 0, Head});
    E.insert({F.NameOffset, static_cast<unsigned>(F.Name.size()),
              F.Name + TemplateSuffix.str()});
    for (unsigned At : F.TypenameAt)
      E.insert({At, 0, "typename "});

    // The dispatcher, after the file's last line.
    std::string Out;
    llvm::raw_string_ostream OS(Out);
    bool Header =
        std::none_of(In.Project.Entries.begin(), In.Project.Entries.end(),
                     [&](const CompileEntry &C) { return C.File == F.File; });
    std::string Guard = "VARSIM_TPL_" +
                        sanitize(In.Project.relativeToRoot(F.File)) + "_" +
                        sanitize(F.Name) + "_" + std::to_string(F.NameOffset);
    OS << "// varsim: the feature switch of '" << F.Name
       << "' (template variability lowered, docs/templates.md)\n";
    if (Header)
      OS << "#ifndef " << Guard << "\n#define " << Guard << "\n";
    for (const auto &[Name, Inline] : F.Namespaces)
      OS << (Inline ? "inline " : "") << "namespace " << Name
         << (Name.empty() ? "" : " ") << "{\n";
    OS << (F.Static ? "static " : "") << (F.Inline ? "inline " : "") << "auto "
       << F.Name << "(" << llvm::join(F.Parameters, ", ") << ") -> "
       << F.ReturnType << " {\n";
    std::vector<std::string> Args;
    for (const std::string &P : F.ParamNames)
      Args.push_back("static_cast<decltype(" + P + ") &&>(" + P + ")");
    emitDispatch(OS, F, Names, Levels, llvm::join(Args, ", "));
    OS << "}\n";
    for (size_t I = 0; I < F.Namespaces.size(); ++I)
      OS << "}\n";
    if (Header)
      OS << "#endif\n";
    Appended[F.File] += OS.str();
  }

  /// Branch B's condition in its group: its test, the earlier ones negated.
  std::string branchCondition(const NameDef &Any, unsigned B) const {
    const FileStructure &FS = Structures.at(Any.File);
    return "(" + rewrite::branchCondition(FS, FS.Groups[Any.Group], B) + ")";
  }

  /// The dispatch: one site group, its directives copied; several, one
  /// flat group over the product of their branches (its conditions the
  /// conjunctions of the branches' own conditions).
  void emitDispatch(llvm::raw_ostream &OS, const FunctionSite &F,
                    const std::vector<const NameDef *> &Names,
                    const std::vector<std::vector<const NameDef *>> &Levels,
                    const std::string &Args) {
    std::map<const NameDef *, unsigned> Chosen; // The branch of each site.
    auto Call = [&] {
      std::vector<std::string> TArgs;
      for (const NameDef *D : Names) {
        const NameDef &Alt = *Sites.at(D->Key).at(Chosen.at(D));
        TArgs.push_back(Alt.IsMacro
                            ? Alt.Replacement
                            : Alt.Qualifier + altName(Alt, Chosen.at(D)));
      }
      OS << "  return " << F.Name << TemplateSuffix << "< "
         << llvm::join(TArgs, ", ") << ">(" << Args << ");\n";
    };
    auto BranchCount = [&](size_t L) {
      const NameDef &Any = *Levels[L].front();
      return static_cast<unsigned>(
          Structures.at(Any.File).Groups[Any.Group].Branches.size());
    };
    if (Levels.size() == 1) {
      const NameDef &Any = *Levels[0].front();
      const FileStructure &FS = Structures.at(Any.File);
      const CondGroup &G = FS.Groups[Any.Group];
      for (unsigned B = 0; B < G.Branches.size(); ++B) {
        const Directive &Dir = FS.Directives[G.Branches[B].DirectiveIndex];
        std::string Line =
            text(Any.File).substr(Dir.Begin, Dir.End - Dir.Begin);
        OS << Line << (Line.empty() || Line.back() != '\n' ? "\n" : "");
        for (const NameDef *D : Levels[0])
          Chosen[D] = B;
        Call();
      }
      OS << "#endif\n";
      return;
    }
    std::vector<unsigned> Pick(Levels.size(), 0);
    for (bool First = true;; First = false) {
      bool Last = true;
      for (size_t L = 0; L < Levels.size(); ++L)
        Last = Last && Pick[L] + 1 == BranchCount(L);
      std::vector<std::string> Conj;
      for (size_t L = 0; L < Levels.size(); ++L) {
        Conj.push_back(branchCondition(*Levels[L].front(), Pick[L]));
        for (const NameDef *D : Levels[L])
          Chosen[D] = Pick[L];
      }
      OS << (Last    ? "#else"
             : First ? "#if "
                     : "#elif ")
         << (Last ? "" : llvm::join(Conj, " && ")) << "\n";
      Call();
      if (Last)
        break;
      for (size_t L = Levels.size(); L-- > 0;) {
        if (++Pick[L] < BranchCount(L))
          break;
        Pick[L] = 0;
      }
    }
    OS << "#endif\n";
  }
};

} // namespace

llvm::Expected<LoweringResult>
lowerTemplateVariability(const LoweringInput &In) {
  LoweringResult Result;
  if (std::none_of(In.Project.Entries.begin(), In.Project.Entries.end(),
                   isCxxEntry))
    return Result; // Templates need C++.
  Lowering L{In, {}, {}, {}, {}, {}, {}, {}, {}, {}};
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
