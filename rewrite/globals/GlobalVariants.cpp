//===- rewrite/globals/GlobalVariants.cpp - File-scope variability --------===//
//
// An *item* is a file-scope entity that differs per configuration (a table
// with #if'd entries, a variable/constant/typedef/struct defined in several
// feature branches, a declaration that uses a macro defined per feature or
// a feature macro's value, or one that uses such an entity), or a function
// whose body uses one. Each item gets one copy per configuration of the
// decisions it depends on (planCopies, capped), each copy the item's text
// with those #ifs resolved, those macros replaced by their values and the
// references to other items renamed to the copy of the same configuration.
//
//   - The copy of the base configuration (the model's default where it
//     applies) stays in place. An entity's base copy keeps its name, so uses
//     that cannot be renamed (through a macro body) see the base copy.
//   - Other copies are appended after the file's last line, each under
//     `#line` (its original line numbers), inside the namespaces and #if
//     branches that enclose the original; a reference spelled in a macro
//     body is renamed by an object-like `#define name name__varsim_X`
//     around the copy.
//   - A function with several copies is renamed in every copy
//     (`f__varsim_X`); the dispatcher under its own name and signature is
//     appended, its body one #if/#elif/#else chain over the copies'
//     conditions, which the #if rewriter encodes as a run-time switch with a
//     region per branch. The dispatcher is declared on the line of the
//     original definition.
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/GlobalVariants.h"
#include "rewrite/ErrorText.h"
#include "rewrite/ParseLoop.h"
#include "rewrite/TextEdits.h"

#include "rewrite/FeatureGroups.h"
#include "rewrite/FunctionCopies.h"
#include "rewrite/globals/BoundLayout.h"
#include "rewrite/globals/CopyBudget.h"
#include "rewrite/globals/GlobalFacts.h"
#include "rewrite/globals/LexicalScan.h"
#include "rewrite/globals/SettledDefaults.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace varsim::rewrite::globals {
namespace {

/// A choice a copy fixes: a feature group's branch (Kind 0) or a feature
/// macro's value (Kind 1).
struct DecisionKey {
  int Kind = 0;
  std::string File;
  unsigned Group = 0;
  std::string Macro;
  bool operator<(const DecisionKey &O) const {
    return std::tie(Kind, File, Group, Macro) <
           std::tie(O.Kind, O.File, O.Group, O.Macro);
  }
};
using DecisionSet = std::set<DecisionKey>;

/// A #define of the project.
struct MacroDef {
  std::string File;
  unsigned Offset = 0;
  std::string Replacement;
  bool FunctionLike = false;
  std::string Params;                 ///< Function-like: "(x, y)".
  CondPtr Presence;                   ///< 1 outside feature groups.
  std::optional<DecisionKey> Decides; ///< Its innermost feature group.
};

struct Copy {
  CondPtr Condition;
  fm::Configuration Cfg;
  std::string Name;     ///< The copy's name.
  std::string Suffix;   ///< `__varsim_<Suffix>` names it.
  int Def = -1;         ///< Entities: the definition it is made of.
  bool InPlace = false; ///< Rendered in place (else appended).
};

struct Item {
  bool IsFunction = false;
  std::string Key, Name, File;
  std::vector<const EntityDef *> Defs; ///< Entities.
  const FunctionDef *Fn = nullptr;
  DecisionSet Decisions;
  CondPtr Presence;
  std::vector<Copy> Copies;
  size_t Base = 0;
  unsigned Line = 0, Column = 0;
  std::string Kind; ///< For the site list.

  /// A function whose signature uses a variant item: its copies have
  /// different signatures, so no dispatcher; renamed like an entity.
  bool SignatureVaries = false;
  /// An enumeration whose enumerators' values shift per configuration: it
  /// stays one type, its enumerators get one renamed value per copy
  /// (`ST_DONE__varsim_X`), and only uses of the shifting ones vary.
  bool EnumValues = false;
  std::set<std::string> Shifting; ///< Enumerators whose value shifts.

  bool variant() const { return !Decisions.empty(); }
  /// Users of it vary with it (not so for a dispatched function).
  bool propagates() const {
    return variant() && (!IsFunction || SignatureVaries);
  }
  /// Its base copy keeps its name.
  bool keepsName() const {
    return (!IsFunction && !EnumValues) || SignatureVaries;
  }
  /// Whether the reference R to this item varies with it: for an
  /// enumeration lowered by values, only a use of a shifting enumerator.
  bool variesAt(const EntityRef &R) const {
    if (!propagates())
      return false;
    return !EnumValues || (!R.Member.empty() && Shifting.count(R.Member));
  }
};

using Edit = TextEdit;

llvm::Expected<std::string> applyEdits(const std::string &File,
                                       llvm::StringRef Text, unsigned Base,
                                       const std::set<Edit> &Edits) {
  return applyTextEdits(File, Text, Base, Edits, "file-scope variability");
}

/// Only the newlines of Text (a removed range keeps its line count).
std::string newlinesOf(llvm::StringRef Text) {
  return std::string(Text.count('\n'), '\n');
}

std::string sanitize(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    Out += llvm::isAlnum(C) ? static_cast<char>(llvm::toUpper(C)) : '_';
  return Out;
}

/// A name suffix from a condition ("VIM && !NUMPAD" -> "VIM_not_NUMPAD").
std::string suffixOf(llvm::StringRef CondText) {
  std::string Out;
  for (size_t I = 0; I < CondText.size(); ++I) {
    char C = CondText[I];
    if (llvm::isAlnum(C) || C == '_') {
      Out += C;
    } else if (C == '!') {
      if (I + 1 < CondText.size() && CondText[I + 1] == '=') {
        Out += "_ne_";
        ++I;
      } else {
        Out += "not_";
      }
    } else if (C == '|' || C == '&' || C == '<' || C == '>' || C == '=') {
      std::string Op;
      while (I < CondText.size() &&
             llvm::StringRef("|&<>=").contains(CondText[I]))
        Op += CondText[I++];
      --I;
      static const std::map<std::string, std::string> Names = {
          {"&&", "_"},   {"||", "_or_"}, {"==", "_eq_"}, {"<", "_lt_"},
          {">", "_gt_"}, {"<=", "_le_"}, {">=", "_ge_"}};
      auto It = Names.find(Op);
      Out += It == Names.end() ? "_" : It->second;
    } else if (!Out.empty() && Out.back() != '_') {
      Out += '_';
    }
  }
  std::string Clean;
  for (char C : Out)
    if (!(C == '_' && !Clean.empty() && Clean.back() == '_'))
      Clean += C;
  while (!Clean.empty() && Clean.back() == '_')
    Clean.pop_back();
  return Clean.empty() ? "all" : Clean;
}

/// The condition in preprocessor syntax.
std::string ppCondition(const Cond &C) {
  return printCondition(C, [](llvm::StringRef M, bool Defined) {
    return Defined ? "defined(" + M.str() + ")" : M.str();
  });
}

/// The test of a branch on its own, as written ("" for #else).
std::string branchTest(const Directive &D) {
  std::string Name =
      D.Macro.empty() ? llvm::StringRef(D.Body).trim().str() : D.Macro;
  switch (D.Kind) {
  case DirectiveKind::Ifdef:
  case DirectiveKind::Elifdef:
    return "defined(" + Name + ")";
  case DirectiveKind::Ifndef:
  case DirectiveKind::Elifndef:
    return "!defined(" + Name + ")";
  case DirectiveKind::If:
  case DirectiveKind::Elif:
    return "(" + llvm::StringRef(D.Body).trim().str() + ")";
  default:
    return "";
  }
}

/// Text on one line, comments dropped.
std::string oneLine(llvm::StringRef Text) {
  std::string Out;
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  Text.split(Lines, '\n');
  bool InComment = false;
  for (llvm::StringRef L : Lines) {
    std::string Kept;
    for (size_t I = 0; I < L.size(); ++I) {
      if (InComment) {
        if (L.substr(I).starts_with("*/")) {
          InComment = false;
          ++I;
        }
        continue;
      }
      if (L.substr(I).starts_with("//"))
        break;
      if (L.substr(I).starts_with("/*")) {
        InComment = true;
        ++I;
        continue;
      }
      Kept += L[I];
    }
    Out += llvm::StringRef(Kept).trim().str();
    Out += ' ';
  }
  return llvm::StringRef(Out).trim().str();
}

bool isCxxEntry(const CompileEntry &E) {
  return isCxxCompile(E.File, E.Arguments);
}

struct Lowering {
  explicit Lowering(const GlobalsInput &In) : In(In) {}

  const GlobalsInput &In;
  std::map<std::string, FileGroups> Groups;
  std::map<std::string, std::vector<MacroDef>> MacroDefs; ///< By name.
  std::set<std::string> PerFeature; ///< Defined in feature branches.
  std::set<std::string> Watched;    ///< PerFeature, features, derived.
  GlobalFacts Facts;
  std::map<std::string, Item> Items; ///< By entity or function key.
  std::optional<fm::Configuration> BaseCfg;
  bool AnyCxx = false, AnyC = false;
  std::vector<std::vector<std::string>> ParseDefines;
  /// Member arrays whose bound is lowered to its largest value.
  std::vector<LoweredBound> LoweredBounds;

  /// Whether File is compiled as C++ (a header: by the project's TUs).
  bool cxxFile(const std::string &File) const {
    if (std::optional<bool> Cxx = isCxxFileName(File))
      return *Cxx;
    return AnyCxx && !AnyC;
  }

  std::map<std::string, std::set<Edit>> Edits;
  /// Per file: the appended copies in source order, the dispatchers.
  std::map<std::string, std::string> Appended, Dispatchers;
  std::vector<templates::LoweredSite> UnionSites;
  /// Per file: the macros of one configuration already defined there.
  mutable std::map<std::string, std::set<std::string>> DefinedMacros;

  const std::string &text(const std::string &File) const {
    return In.Texts.at(File);
  }
  const FileStructure &structure(const std::string &File) const {
    return In.Structures.at(File);
  }

  llvm::Error located(const std::string &File, unsigned Line, unsigned Col,
                      const std::string &Msg) const {
    // Absolute, like the rest of the rewriter's messages.
    return makeError(File, Line, Col, Msg);
  }

  // --- Macros ----------------------------------------------------------

  /// The innermost feature group holding Offset, if any.
  std::optional<unsigned> innermostFeatureGroup(const std::string &File,
                                                unsigned Offset) const {
    const FileStructure &FS = structure(File);
    const FileGroups &FG = Groups.at(File);
    std::optional<unsigned> Best;
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
      if (!FG.IsFeature[GI])
        continue;
      for (const CondGroup::Branch &B : FS.Groups[GI].Branches)
        if (B.ContentBegin <= Offset && Offset < B.ContentEnd)
          Best = GI; // Later groups are nested deeper.
    }
    return Best;
  }

  void collectMacroDefs() {
    for (const auto &[File, FS] : In.Structures) {
      const FileGroups &FG = Groups.at(File);
      for (const Directive &D : FS.Directives) {
        if (D.Kind != DirectiveKind::Define || D.Macro.empty())
          continue;
        MacroDef M;
        M.File = File;
        M.Offset = D.Begin;
        M.Replacement = llvm::StringRef(D.Replacement).trim().str();
        M.FunctionLike = D.FunctionLike;
        if (D.FunctionLike) {
          llvm::StringRef B = llvm::StringRef(D.Body).ltrim();
          B = B.drop_front(std::min(B.size(), D.Macro.size()));
          M.Params = B.take_until([](char C) { return C == ')'; }).str() + ")";
        }
        M.Presence = FG.presenceAt(FS, D.Begin);
        if (auto GI = innermostFeatureGroup(File, D.Begin)) {
          M.Decides = DecisionKey{0, File, *GI, ""};
          PerFeature.insert(D.Macro);
        }
        MacroDefs[D.Macro].push_back(std::move(M));
      }
    }
    Watched = PerFeature;
    for (const std::string &M : In.Features.macros())
      Watched.insert(M);
    // Macros whose body names a watched one (a few levels).
    for (int Round = 0; Round < 4; ++Round) {
      bool Changed = false;
      for (const auto &[Name, Defs] : MacroDefs) {
        if (Watched.count(Name))
          continue;
        for (const MacroDef &D : Defs)
          if (namesWatched(D.Replacement)) {
            Watched.insert(Name);
            Changed = true;
            break;
          }
      }
      if (!Changed)
        break;
    }
  }

  template <class Fn> static void forIdentifiers(llvm::StringRef S, Fn F) {
    for (size_t I = 0; I < S.size();) {
      if (S[I] == '"' || S[I] == '\'') {
        char Q = S[I++];
        while (I < S.size() && S[I] != Q) {
          if (S[I] == '\\')
            ++I;
          ++I;
        }
        ++I;
        continue;
      }
      if (llvm::isAlpha(S[I]) || S[I] == '_') {
        size_t B = I;
        while (I < S.size() && (llvm::isAlnum(S[I]) || S[I] == '_'))
          ++I;
        F(B, S.slice(B, I));
        continue;
      }
      if (llvm::isDigit(S[I])) {
        while (I < S.size() && (llvm::isAlnum(S[I]) || S[I] == '_'))
          ++I;
        continue;
      }
      ++I;
    }
  }

  bool namesWatched(llvm::StringRef Body) const {
    bool Found = false;
    forIdentifiers(Body, [&](size_t, llvm::StringRef Id) {
      Found = Found || Watched.count(Id.str());
    });
    return Found;
  }

  /// Whether some unit read File (known once the units are parsed): the
  /// definitions of a file no unit reads neither decide nor give a value.
  bool unitsRead(const std::string &File) const {
    return Facts.Included.empty() || Facts.Included.count(File) != 0;
  }

  /// The decisions that fix a watched macro's value.
  void macroDecisions(const std::string &Macro, DecisionSet &Out,
                      int Depth = 0) const {
    if (Depth > 8)
      return;
    if (In.Features.isFeatureMacro(Macro))
      Out.insert({1, "", 0, Macro});
    auto It = MacroDefs.find(Macro);
    if (It == MacroDefs.end())
      return;
    for (const MacroDef &D : It->second) {
      if (!unitsRead(D.File))
        continue;
      if (D.Decides)
        Out.insert(*D.Decides);
      forIdentifiers(D.Replacement, [&](size_t, llvm::StringRef Id) {
        if (Watched.count(Id.str()) && Id != Macro)
          macroDecisions(Id.str(), Out, Depth + 1);
      });
    }
  }

  /// The text a watched object-like macro stands for under Cfg, its
  /// watched names replaced recursively; nullopt if it cannot be told
  /// (function-like, undefined).
  std::optional<std::string>
  macroValue(const std::string &Macro, const fm::Configuration &Cfg,
             const std::string &File, unsigned Offset, int Depth = 0,
             std::map<std::string, std::string> *FunctionLike = nullptr) const {
    if (Depth > 8)
      return std::nullopt;
    const MacroDef *Chosen = nullptr;
    auto It = MacroDefs.find(Macro);
    if (It != MacroDefs.end()) {
      for (const MacroDef &D : It->second)
        if (D.File == File && D.Offset < Offset &&
            holds(*D.Presence, Cfg, In.Features))
          Chosen = &D; // The last one before the use.
      if (!Chosen)
        for (const MacroDef &D : It->second)
          if (D.File != File && unitsRead(D.File) &&
              holds(*D.Presence, Cfg, In.Features)) {
            Chosen = &D;
            break;
          }
    }
    if (!Chosen) {
      if (!In.Features.isFeatureMacro(Macro))
        return std::nullopt;
      auto V = In.Features.macroValue(Cfg, Macro);
      if (!V)
        return std::nullopt;
      return std::to_string(*V);
    }
    if (Chosen->FunctionLike && !FunctionLike)
      return std::nullopt;
    std::string Body = Chosen->Replacement;
    std::string Out;
    size_t Pos = 0;
    bool Failed = false;
    forIdentifiers(Body, [&](size_t B, llvm::StringRef Id) {
      if (!Watched.count(Id.str()) || Id == Macro)
        return;
      auto V = macroValue(Id.str(), Cfg, File, Offset, Depth + 1);
      if (!V) {
        Failed = true;
        return;
      }
      Out += Body.substr(Pos, B - Pos) + *V;
      Pos = B + Id.size();
    });
    if (Failed)
      return std::nullopt;
    Out += Body.substr(Pos);
    llvm::StringRef T = llvm::StringRef(Out).trim();
    if (Chosen->FunctionLike) {
      // A macro of its own for this definition, defined before the copy.
      std::string Name = Macro + "__varsim_" +
                         sanitize(llvm::sys::path::stem(Chosen->File)) + "_" +
                         std::to_string(Chosen->Offset);
      (*FunctionLike)[Name] =
          "#define " + Name + Chosen->Params + " " + T.str();
      return Name;
    }
    bool Simple =
        !T.empty() &&
        (T.front() == '"' || T.front() == '\'' || llvm::all_of(T, [](char C) {
           return llvm::isAlnum(C) || C == '_' || C == '.';
         }));
    return Simple ? T.str() : "(" + T.str() + ")";
  }

  // --- Pre-check and parse ----------------------------------------------

  bool precheck() {
    bool Any = false;
    for (const auto &[File, Text] : In.Texts) {
      auto S = In.Structures.find(File);
      if (S == In.Structures.end())
        continue;
      if (mayHaveFileScopeVariability(Text, S->second, Groups.at(File),
                                      Watched)) {
        Any = true;
        if (In.Log)
          *In.Log << "file-scope variability: candidate "
                  << In.Project.relativeToRoot(File) << "\n";
      }
    }
    return Any;
  }

  /// Parses every unit in configurations covering every feature branch.
  /// False if one does not compile: then the project is left alone, and
  /// the later stages report the error at its location.
  bool parseAll() {
    std::vector<CondPtr> ToCover;
    std::set<std::string> Seen;
    for (const auto &[File, FS] : In.Structures) {
      const FileGroups &FG = Groups.at(File);
      for (size_t GI = 0; GI < FS.Groups.size(); ++GI)
        if (FG.IsFeature[GI])
          for (const CondPtr &P : FG.Presence[GI])
            if (Seen.insert(conditionText(*P, In.Features)).second)
              ToCover.push_back(P);
    }
    std::vector<fm::Configuration> Configs =
        chooseParseConfigurations(ToCover, In.Features);
    std::vector<std::string> FeatureMacros = In.Features.macros();
    std::vector<GlobalFactsJob> Jobs;
    for (const fm::Configuration &C : Configs) {
      ParseDefines.push_back(In.Features.defines(C));
      for (const CompileEntry &E : In.Project.Entries)
        Jobs.push_back(
            {&E, In.Features.defines(C), FeatureMacros, &In.Overlay, &Watched});
    }
    std::vector<GlobalFacts> Results(Jobs.size());
    parseInParallel(In.Jobs, Jobs.size(), [&](size_t I) {
      Results[I] = In.Collect ? In.Collect(Jobs[I])
                              : collectGlobalFacts(Jobs[I], In.Project);
    });
    for (size_t I = 0; I < Jobs.size(); ++I) {
      if (Results[I].Failed) {
        if (In.Log)
          *In.Log << "file-scope variability: "
                  << In.Project.relativeToRoot(Jobs[I].Entry->File)
                  << " does not compile with "
                  << llvm::join(Jobs[I].Defines, " ")
                  << ": left to the #if rewriter\n";
        return false;
      }
      Facts.merge(std::move(Results[I]));
    }
    return true;
  }

  // --- Items -------------------------------------------------------------

  /// Feature groups whose #if lies in [Begin, End) of File.
  static bool isOpaque(const EntityDef *D, unsigned Offset) {
    return D && std::any_of(D->Opaque.begin(), D->Opaque.end(),
                            [&](const std::pair<unsigned, unsigned> &R) {
                              return Offset >= R.first && Offset < R.second;
                            });
  }

  void innerGroups(const std::string &File, unsigned Begin, unsigned End,
                   DecisionSet &Out, const EntityDef *Of = nullptr) const {
    const FileStructure &FS = structure(File);
    const FileGroups &FG = Groups.at(File);
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
      if (!FG.IsFeature[GI])
        continue;
      const Directive &If =
          FS.Directives[FS.Groups[GI].Branches.front().DirectiveIndex];
      if (If.Begin >= Begin && If.Begin < End && !isOpaque(Of, If.Begin))
        Out.insert({0, File, GI, ""});
    }
  }

  void expansionsIn(const std::string &File, unsigned Begin, unsigned End,
                    DecisionSet &Out, const EntityDef *Of = nullptr) const {
    for (const auto &[_, E] : Facts.Expansions)
      if (E.File == File && E.Offset >= Begin && E.Offset < End &&
          !onDirectiveLine(File, E.Offset) && !isOpaque(Of, E.Offset))
        macroDecisions(E.Macro, Out);
  }

  bool onDirectiveLine(const std::string &File, unsigned Offset) const {
    const std::string &T = text(File);
    size_t LS = llvm::StringRef(T).rfind('\n', Offset);
    LS = LS == llvm::StringRef::npos ? 0 : LS + 1;
    llvm::StringRef Line = llvm::StringRef(T).substr(LS).ltrim(" \t");
    return Line.starts_with("#");
  }

  /// Items left alone: the later stages see their original text (the
  /// union, or their own located refusal), as before this pass existed.
  std::set<std::string> Withdrawn;

  bool withdrawn(const Item &I) const { return Withdrawn.count(I.Key) != 0; }

  /// Leaves Key alone, and every variant item it uses (its text would
  /// name their base copy only).
  void withdraw(const std::string &Key) {
    std::vector<std::string> Work{Key};
    while (!Work.empty()) {
      std::string K = Work.back();
      Work.pop_back();
      if (!Withdrawn.insert(K).second)
        continue;
      auto It = Items.find(K);
      if (It == Items.end())
        continue;
      const Item &I = It->second;
      for (const auto &[_, R] : Facts.Refs) {
        bool Inside = I.IsFunction ? (R.Context == "F:" + I.Fn->Key ||
                                      R.Context == "S:" + I.Fn->Key)
                                   : R.Context == "E:" + I.Key;
        auto T = Items.find(R.Target);
        if (Inside && T != Items.end() && T->second.variant() &&
            !T->second.IsFunction &&
            (!T->second.EnumValues || T->second.variesAt(R)))
          Work.push_back(R.Target);
      }
    }
  }

  /// Leaves alone what cannot be lowered but was handled (or refused at
  /// its own location) by the #if rewriter before this pass existed:
  /// - a record defined once is the #if rewriter's union of its members;
  ///   it is lowered only for what its own member declarations use (a
  ///   per-feature array bound or bit-field width) and only where all its
  ///   uses can follow; a variant item used in it (a member's type, a
  ///   member function's body) cannot follow copies of it;
  /// - an item whose copied text holds a #define, #undef or #include.
  /// Returns whether something was withdrawn.
  bool withdrawUnlowerable() {
    size_t Before = Withdrawn.size();
    for (const auto &[_, R] : Facts.Refs) {
      auto T = Items.find(R.Target);
      if (T == Items.end() || !T->second.variesAt(R))
        continue;
      // A variant record used where it cannot follow.
      if (T->second.Kind == "record" && R.Context.empty())
        withdraw(T->first);
      // A variant item used in a record defined once (a member's type, a
      // member function's body).
      if (R.Context.rfind("E:", 0) == 0) {
        auto U = Items.find(R.Context.substr(2));
        if (U != Items.end() && U->second.Kind == "record" &&
            U->second.Defs.size() == 1 && U != T)
          withdraw(T->first);
      }
    }
    // Copies are placed under #if: a #define, #undef or #include in the
    // copied text would be one under a feature condition, which the #if
    // rewriter refuses at a line of the copy.
    for (const auto &[Key, I] : Items) {
      if (!I.variant() || withdrawn(I))
        continue;
      if (I.IsFunction) {
        if (hasDirective(I.File, I.Fn->DeclBegin, I.Fn->BodyEnd, nullptr))
          withdraw(Key);
        continue;
      }
      for (const EntityDef *D : I.Defs)
        if (hasDirective(D->File, D->Begin, D->End, D))
          withdraw(Key);
    }
    return Withdrawn.size() != Before;
  }

  /// Whether [Begin, End) of File holds a #define, #undef or #include (not
  /// in an opaque range of D).
  bool hasDirective(const std::string &File, unsigned Begin, unsigned End,
                    const EntityDef *D) const {
    // A settled default is dropped from the copies (SettledDefaults.h).
    auto Settled =
        settledDefaults(structure(File), Groups.at(File), Begin, End);
    auto InSettled = [&](unsigned Off) {
      for (const auto &[B, E] : Settled)
        if (Off >= B && Off < E)
          return true;
      return false;
    };
    for (const Directive &Dir : structure(File).Directives)
      if ((Dir.Kind == DirectiveKind::Define ||
           Dir.Kind == DirectiveKind::Undef ||
           Dir.Kind == DirectiveKind::Include) &&
          Dir.Begin >= Begin && Dir.Begin < End && !isOpaque(D, Dir.Begin) &&
          !InSettled(Dir.Begin))
        return true;
    return false;
  }

  /// A writable C variable defined once whose only variability is feature
  /// values spelled in its initializer (SQLite's `struct Sqlite3Config
  /// sqlite3Config = { SQLITE_DEFAULT_MEMSTATUS, ... }`): the #if rewriter
  /// sets its initial value at start-up (rewrite/StaticInits.cpp), one
  /// variable under its own name, however it is reached (macros, extern).
  bool initializedAtStartup(const Item &I) const {
    if (I.Kind != "variable" || I.Defs.size() != 1 || I.Decisions.empty())
      return false;
    const EntityDef &D = *I.Defs.front();
    if (!llvm::StringRef(D.File).ends_with(".c"))
      return false;
    // Feature values, and the `#ifndef F` / `#define F 1` defaults of
    // features (which the #if rewriter turns into run-time reads too).
    for (const DecisionKey &K : I.Decisions) {
      if (K.Kind == 1 && In.Features.isFeatureMacro(K.Macro))
        continue;
      if (K.Kind != 0 || !In.Structures.count(K.File))
        return false;
      const CondGroup &G = structure(K.File).Groups[K.Group];
      auto Lits = G.Branches.front().Condition
                      ? asConjunction(*G.Branches.front().Condition)
                      : std::nullopt;
      if (G.Branches.size() != 1 || !Lits || Lits->size() != 1 ||
          !Lits->front().Negated ||
          !In.Features.isFeatureMacro(Lits->front().Macro))
        return false;
    }
    for (const auto &[_, E] : Facts.Expansions)
      if (E.File == D.File && E.Offset >= D.Begin && E.Offset < D.End &&
          (!E.Direct || !In.Features.isFeatureMacro(E.Macro)))
        return false;
    // Not const (a `const` before the name; a pointer to const is left to
    // the copies too).
    llvm::StringRef Head =
        llvm::StringRef(text(D.File)).slice(D.Begin, D.NameOffset);
    bool Const = false;
    forIdentifiers(Head, [&](size_t, llvm::StringRef Id) {
      Const = Const || Id == "const";
    });
    return !Const;
  }

  void buildItems() {
    Items.clear();
    UnionSites.clear();
    Edits.clear();
    LoweredBounds.clear();
    for (const auto &[_, D] : Facts.Defs) {
      if (!In.Texts.count(D.File) || !In.Structures.count(D.File))
        continue;
      Item &I = Items[D.Key];
      I.Key = D.Key;
      I.Name = D.Name;
      I.File = D.File;
      I.Kind = D.Kind;
      bool Dup =
          std::any_of(I.Defs.begin(), I.Defs.end(), [&](const EntityDef *O) {
            return O->NameOffset == D.NameOffset;
          });
      if (!Dup)
        I.Defs.push_back(&D);
    }
    for (auto &[Key, I] : Items) {
      std::sort(I.Defs.begin(), I.Defs.end(),
                [](const EntityDef *A, const EntityDef *B) {
                  return std::tie(A->File, A->NameOffset) <
                         std::tie(B->File, B->NameOffset);
                });
      I.Line = I.Defs.front()->Line;
      I.Column = I.Defs.front()->Column;
      for (const EntityDef *D : I.Defs) {
        // Members under features are the #if rewriter's (the union, checked
        // by the safety pass); a record varies by what its members use.
        if (D->Kind != "record")
          innerGroups(D->File, D->Begin, D->End, I.Decisions, D);
        expansionsIn(D->File, D->Begin, D->End, I.Decisions, D);
        if (I.Defs.size() > 1)
          if (auto GI = innermostFeatureGroup(D->File, D->NameOffset))
            I.Decisions.insert({0, D->File, *GI, ""});
      }
      if (!withdrawn(I) && initializedAtStartup(I))
        Withdrawn.insert(I.Key);
      if (withdrawn(I))
        I.Decisions.clear();

      const EntityDef &First = *I.Defs.front();
      const FileStructure &FS = structure(First.File);
      const FileGroups &FG = Groups.at(First.File);
      if (I.Defs.size() > 1) {
        auto GI = innermostFeatureGroup(First.File, First.NameOffset);
        unsigned At =
            GI ? FS.Directives[FS.Groups[*GI].Branches.front().DirectiveIndex]
                     .Begin
               : First.Begin;
        I.Presence = FG.presenceAt(FS, At);
      } else {
        I.Presence = FG.presenceAt(FS, First.Begin);
      }
    }
    for (auto &[_, I] : Items)
      if (I.Kind == "enum" && I.Defs.size() == 1 && I.variant() &&
          !withdrawn(I))
        classifyEnum(I);
    for (auto &[_, I] : Items)
      if (I.Kind == "record" && I.Defs.size() == 1 && I.variant() &&
          !withdrawn(I))
        lowerBoundsToLargest(I);
    // Users of variant items vary with them: entities, functions whose
    // body uses one (dispatched), functions whose signature uses one (no
    // common signature: renamed like an entity, their callers vary too).
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const auto &[_, R] : Facts.Refs) {
        auto Target = Items.find(R.Target);
        if (Target == Items.end() || !Target->second.variesAt(R))
          continue;
        Item *User = contextItem(R.Context);
        if (!User || User == &Target->second || withdrawn(*User))
          continue;
        size_t Before = User->Decisions.size();
        User->Decisions.insert(Target->second.Decisions.begin(),
                               Target->second.Decisions.end());
        Changed = Changed || User->Decisions.size() != Before;
        if (R.Context.rfind("S:", 0) == 0 && !User->SignatureVaries) {
          User->SignatureVaries = true;
          User->Kind = "function signature";
          Changed = true;
        }
      }
    }
  }

  /// The enumerators of an enumeration item, in source order.
  std::vector<const EnumeratorFact *> enumeratorsOf(const Item &I) const {
    const EntityDef &D = *I.Defs.front();
    std::vector<const EnumeratorFact *> Es;
    for (const auto &[_, E] : Facts.Enumerators)
      if (E.Enum == I.Key && E.File == D.File && E.Offset >= D.Begin &&
          E.Offset < D.End)
        Es.push_back(&E);
    std::sort(Es.begin(), Es.end(),
              [](const EnumeratorFact *A, const EnumeratorFact *B) {
                return A->Offset < B->Offset;
              });
    return Es;
  }

  /// Whether an enumerator named Name exists in configuration Cfg.
  bool enumeratorPresent(const Item &I, const std::string &Name,
                         const fm::Configuration &Cfg) const {
    const EntityDef &D = *I.Defs.front();
    const FileStructure &FS = structure(D.File);
    const FileGroups &FG = Groups.at(D.File);
    for (const EnumeratorFact *E : enumeratorsOf(I))
      if (E->Name == Name &&
          holds(*FG.presenceAt(FS, E->Offset), Cfg, In.Features))
        return true;
    return false;
  }

  /// An enumeration with enumerators under features. Where no
  /// enumerator's value changes in the variants where it exists (every
  /// enumerator counted into an implicit value is present wherever the
  /// counted one is; no name in two branches; no value from a macro per
  /// feature), it is compiled as the union: its #if lines are removed.
  /// Else the values of the shifting enumerators are lowered per
  /// configuration (EnumValues).
  void classifyEnum(Item &I) {
    const EntityDef &D = *I.Defs.front();
    const FileStructure &FS = structure(D.File);
    const FileGroups &FG = Groups.at(D.File);
    std::vector<const EnumeratorFact *> Es = enumeratorsOf(I);
    std::map<std::string, int> NameCount;
    std::vector<CondPtr> P;
    for (const EnumeratorFact *E : Es) {
      ++NameCount[E->Name];
      P.push_back(FG.presenceAt(FS, E->Offset));
    }
    std::vector<bool> Shift(Es.size(), false);
    for (size_t J = 0; J < Es.size(); ++J) {
      if (NameCount[Es[J]->Name] > 1) {
        Shift[J] = true;
        continue;
      }
      if (Es[J]->Explicit) {
        unsigned InitEnd = J + 1 < Es.size() ? Es[J + 1]->Offset : D.End;
        Shift[J] = !constantInitializer(I, Es[J]->Offset, InitEnd, Es, Shift);
        continue;
      }
      // Implicit: the previous enumerator's value plus one; it shifts if
      // the previous one may be absent where this one exists, or shifts.
      if (J == 0)
        continue;
      size_t K = J - 1;
      Shift[J] = isSatisfiable(*makeAnd({P[J], makeNot(P[K])}), In.Features) ||
                 Shift[K];
    }
    for (size_t J = 0; J < Es.size(); ++J)
      if (Shift[J])
        I.Shifting.insert(Es[J]->Name);
    if (!I.Shifting.empty()) {
      I.EnumValues = true;
      I.Kind = "enum values";
      return;
    }
    // The union it is: the feature #if lines inside go.
    const std::string &T = text(D.File);
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
      if (!FG.IsFeature[GI])
        continue;
      const CondGroup &G = FS.Groups[GI];
      const Directive &If = FS.Directives[G.Branches.front().DirectiveIndex];
      if (If.Begin < D.Begin || If.Begin >= D.End)
        continue;
      std::vector<unsigned> Lines{G.EndifIndex};
      for (const CondGroup::Branch &B : G.Branches)
        Lines.push_back(B.DirectiveIndex);
      for (unsigned DI : Lines) {
        const Directive &Dir = FS.Directives[DI];
        Edits[D.File].insert(
            {Dir.Begin, Dir.End - Dir.Begin,
             newlinesOf(llvm::StringRef(T).slice(Dir.Begin, Dir.End))});
      }
    }
    UnionSites.push_back({D.File, D.Line, "enum (union)", featuresOf(I)});
    I.Decisions.clear();
  }

  /// Whether an enumerator's initializer in [Begin, End) has the same
  /// value in every configuration: no macro that differs per
  /// configuration, no shifting enumerator of its own enumeration.
  bool constantInitializer(const Item &I, unsigned Begin, unsigned End,
                           const std::vector<const EnumeratorFact *> &Es,
                           const std::vector<bool> &Shift) const {
    const std::string &File = I.Defs.front()->File;
    for (const auto &[_, E] : Facts.Expansions)
      if (E.File == File && E.Offset >= Begin && E.Offset < End &&
          !onDirectiveLine(File, E.Offset))
        return false;
    for (const auto &[_, R] : Facts.Refs) {
      if (R.File != File || R.Offset < Begin || R.Offset >= End ||
          R.Target != I.Key || R.Member.empty())
        continue;
      for (size_t K = 0; K < Es.size(); ++K)
        if (Es[K]->Name == R.Member && Shift[K])
          return false;
    }
    return true;
  }

  /// A record defined once whose only variability is the bound of member
  /// arrays (`struct pool_class classes[POOL_CLASSES];`): each such bound
  /// becomes its largest value over the valid configurations, and the
  /// record is one type for every configuration (code elsewhere reads the
  /// macro's run-time value). Where something observes the record's size
  /// or the array's extent, judgeBounds refuses.
  void lowerBoundsToLargest(Item &I) {
    const EntityDef &D = *I.Defs.front();
    auto InBound = [&](unsigned Off) {
      return std::any_of(
          D.MemberBounds.begin(), D.MemberBounds.end(),
          [&](const MemberBound &B) { return Off >= B.Begin && Off < B.End; });
    };
    std::set<unsigned> Offsets;
    for (const auto &[_, E] : Facts.Expansions) {
      if (E.File != D.File || E.Offset < D.Begin || E.Offset >= D.End ||
          onDirectiveLine(D.File, E.Offset) || isOpaque(&D, E.Offset))
        continue;
      if (!InBound(E.Offset))
        return; // A bit-field width, a member's type: copies.
      Offsets.insert(E.Offset);
    }
    auto Plan = planCopies(decisionsOf(I), In.Features, I.Presence);
    if (!Plan) {
      llvm::consumeError(Plan.takeError());
      return; // Refused with the copies' message.
    }
    std::vector<fm::Configuration> Cfgs;
    for (const FunctionCopy &FC : Plan->Copies)
      if (auto Cfg =
              findSatisfying(*makeAnd({I.Presence, FC.Condition}), In.Features))
        Cfgs.push_back(*Cfg);
    std::set<Edit> Out;
    std::vector<LoweredBound> Lowered;
    for (const MemberBound &B : D.MemberBounds) {
      if (std::none_of(Offsets.begin(), Offsets.end(),
                       [&](unsigned O) { return O >= B.Begin && O < B.End; }))
        continue;
      std::vector<std::string> Values;
      for (const fm::Configuration &Cfg : Cfgs) {
        std::optional<std::string> V = boundText(D.File, B, Cfg);
        if (!V)
          return;
        if (std::find(Values.begin(), Values.end(), *V) == Values.end())
          Values.push_back(*V);
      }
      if (Values.empty())
        return;
      llvm::StringRef Orig =
          llvm::StringRef(text(D.File)).slice(B.Begin, B.End);
      Out.insert(
          {B.Begin, B.End - B.Begin, largestOf(Values) + newlinesOf(Orig)});
      Lowered.push_back({D.File, D.NameOffset, B.FieldOffset, B.Field,
                         "a bound per configuration of " + featuresOf(I) +
                             " ('" + oneLine(Orig) + "')"});
    }
    Edits[D.File].insert(Out.begin(), Out.end());
    LoweredBounds.insert(LoweredBounds.end(), Lowered.begin(), Lowered.end());
    UnionSites.push_back(
        {D.File, D.Line, "record (largest array bound)", featuresOf(I)});
    I.Decisions.clear();
  }

  /// The text of a bound in Cfg: its macros per feature replaced.
  std::optional<std::string> boundText(const std::string &File,
                                       const MemberBound &B,
                                       const fm::Configuration &Cfg) const {
    std::map<unsigned, const MacroExpansion *> Direct;
    std::set<unsigned> Any;
    for (const auto &[_, E] : Facts.Expansions)
      if (E.File == File && E.Offset >= B.Begin && E.Offset < B.End) {
        Any.insert(E.Offset);
        if (E.Direct &&
            llvm::StringRef(text(File)).substr(E.Offset).starts_with(E.Macro))
          Direct[E.Offset] = &E;
      }
    std::string Out;
    unsigned Pos = B.Begin;
    for (unsigned Off : Any) {
      auto It = Direct.find(Off);
      if (It == Direct.end())
        return std::nullopt;
      std::optional<std::string> V =
          macroValue(It->second->Macro, Cfg, File, Off);
      if (!V)
        return std::nullopt;
      Out += text(File).substr(Pos, Off - Pos) + *V;
      Pos = Off + static_cast<unsigned>(It->second->Macro.size());
    }
    Out += text(File).substr(Pos, B.End - Pos);
    return oneLine(Out);
  }

  /// The largest of constant expressions: a literal if all are integer
  /// literals, else nested `?:` (an integer constant expression).
  static std::string largestOf(const std::vector<std::string> &Values) {
    std::optional<unsigned long long> Max;
    bool Literals = true;
    for (const std::string &V : Values) {
      llvm::StringRef T = llvm::StringRef(V).trim().trim("()").rtrim("uUlL");
      unsigned long long N = 0;
      if (T.getAsInteger(0, N)) {
        Literals = false;
        break;
      }
      Max = Max ? std::max(*Max, N) : N;
    }
    if (Literals && Max)
      return std::to_string(*Max);
    std::vector<std::string> Level = Values;
    while (Level.size() > 1) {
      std::vector<std::string> Next;
      for (size_t K = 0; K + 1 < Level.size(); K += 2)
        Next.push_back("((" + Level[K] + ") > (" + Level[K + 1] + ") ? (" +
                       Level[K] + ") : (" + Level[K + 1] + "))");
      if (Level.size() % 2)
        Next.push_back(Level.back());
      Level = std::move(Next);
    }
    return Level.front();
  }

  /// A lowered member array whose extent a use observes (sizeof of the
  /// array, its address, a reference or a range-for), and every use that
  /// observes its record's layout: located errors.
  llvm::Error judgeBounds() const {
    std::vector<const ExtentUse *> Uses;
    for (const auto &[_, U] : Facts.ExtentUses)
      for (const LoweredBound &B : LoweredBounds)
        if (U.Field == B.File + "|" + std::to_string(B.FieldOffset))
          Uses.push_back(&U);
    std::sort(
        Uses.begin(), Uses.end(), [](const ExtentUse *A, const ExtentUse *B) {
          return std::tie(A->File, A->Offset) < std::tie(B->File, B->Offset);
        });
    for (const ExtentUse *U : Uses)
      for (const LoweredBound &B : LoweredBounds)
        if (U->Field == B.File + "|" + std::to_string(B.FieldOffset))
          return located(
              U->File, U->Line, U->Column,
              "the extent of the member array '" + U->Name +
                  "' is observed here (sizeof, &, a reference or a "
                  "range-for), but its bound is " +
                  B.Why +
                  ": the simulator gives it the largest bound, so the "
                  "extent would differ from the variant's; use the bound's "
                  "macro instead of the array's extent");
    return judgeLoweredBounds(LoweredBounds,
                              {In.Project, In.Structures, Groups, In.Features,
                               ParseDefines, &In.Overlay, In.Jobs});
  }

  /// The item of a reference's context (created for a function).
  Item *contextItem(const std::string &Context) {
    if (Context.rfind("E:", 0) == 0) {
      auto It = Items.find(Context.substr(2));
      return It == Items.end() ? nullptr : &It->second;
    }
    if (Context.rfind("F:", 0) != 0 && Context.rfind("S:", 0) != 0)
      return nullptr;
    auto FIt = Facts.Functions.find(Context.substr(2));
    if (FIt == Facts.Functions.end())
      return nullptr;
    const FunctionDef &F = FIt->second;
    if (!In.Texts.count(F.File) || !In.Structures.count(F.File))
      return nullptr;
    Item &I = Items[F.EntityKey];
    if (!I.IsFunction) {
      I.IsFunction = true;
      I.Key = F.EntityKey;
      I.Name = F.Name;
      I.File = F.File;
      I.Fn = &F;
      I.Kind = "function";
      I.Line = F.Line;
      I.Column = F.Column;
      I.Presence = Groups.at(F.File).presenceAt(structure(F.File), F.DeclBegin);
    }
    return &I;
  }

  std::string featuresOf(const Item &I) const {
    std::set<std::string> Macros;
    for (const DecisionKey &K : I.Decisions) {
      if (K.Kind == 1) {
        Macros.insert(K.Macro);
        continue;
      }
      for (const CondGroup::Branch &B :
           structure(K.File).Groups[K.Group].Branches)
        if (B.Condition)
          collectMacros(*B.Condition, Macros);
    }
    std::vector<std::string> Out;
    for (const std::string &M : Macros)
      if (In.Features.isFeatureMacro(M))
        Out.push_back(M);
    return llvm::join(Out, ", ");
  }

  std::string describe(const Item &I) const {
    if (I.Kind == "enum" || I.EnumValues)
      return (I.Name.empty() ? std::string("an anonymous enumeration")
                             : "the enumeration '" + I.Name + "'") +
             (I.EnumValues ? " (its enumerators' values)" : "") +
             " differs per configuration of " + featuresOf(I);
    return "'" + I.Name + "' (" + I.Kind + ") differs per configuration of " +
           featuresOf(I);
  }

  /// An X-macro list: a file-scope declaration (an enumeration, a table)
  /// that #includes a project file with feature #ifs
  /// (`#define SH_CMD(n, a, h) SH_OP_##n,` / `#include "cmds.def"`). Its
  /// entries under features would have to be lowered per configuration in
  /// every declaration that includes the list, through the macro; varsim
  /// does not, so it refuses at the #include.
  llvm::Error checkIncludedLists() const {
    std::vector<const EntityDef *> Defs;
    for (const auto &[_, D] : Facts.Defs)
      Defs.push_back(&D);
    std::sort(
        Defs.begin(), Defs.end(), [](const EntityDef *A, const EntityDef *B) {
          return std::tie(A->File, A->Begin) < std::tie(B->File, B->Begin);
        });
    for (const EntityDef *D : Defs) {
      if (!In.Structures.count(D->File))
        continue;
      for (const Directive &Dir : structure(D->File).Directives) {
        if (Dir.Kind != DirectiveKind::Include || Dir.Begin < D->Begin ||
            Dir.Begin >= D->End)
          continue;
        llvm::StringRef Name = llvm::StringRef(Dir.Body).trim();
        if (!Name.consume_front("\"") || !Name.consume_back("\""))
          continue;
        llvm::SmallString<256> Path(llvm::sys::path::parent_path(D->File));
        llvm::sys::path::append(Path, Name);
        llvm::sys::path::remove_dots(Path, true);
        // A `.def` list is not among the scanned sources: scanned here.
        std::string Included(Path);
        std::optional<FileStructure> Own;
        std::string OwnText;
        const FileStructure *FS = nullptr;
        if (In.Structures.count(Included)) {
          FS = &structure(Included);
          OwnText = text(Included);
        } else if (In.Project.isProjectSource(Included) ||
                   llvm::sys::path::extension(Included) == ".def") {
          auto Buf = llvm::MemoryBuffer::getFile(Included);
          if (!Buf)
            continue;
          OwnText = (*Buf)->getBuffer().str();
          auto Scanned = scanDirectives(Included, OwnText);
          if (!Scanned) {
            llvm::consumeError(Scanned.takeError());
            continue;
          }
          Own = std::move(*Scanned);
          FS = &*Own;
        } else {
          continue;
        }
        FileGroups FG = analyzeGroups(*FS, In.Features);
        for (unsigned GI = 0; GI < FS->Groups.size(); ++GI) {
          if (!FG.IsFeature[GI])
            continue;
          const Directive &If =
              FS->Directives[FS->Groups[GI].Branches.front().DirectiveIndex];
          std::string What =
              D->Name.empty() ? "a declaration" : "'" + D->Name + "'";
          return located(
              D->File, Dir.Line, Dir.Column,
              "X-macro list: " + What + " (" + D->Kind + ") includes '" +
                  Name.str() + "', whose entries are under features (" +
                  Included + ":" + std::to_string(If.Line) + ": " +
                  oneLine(llvm::StringRef(OwnText).slice(If.Begin, If.End)) +
                  "); varsim does not lower an included list per "
                  "configuration (each declaration that includes it would "
                  "differ per feature): write the entries in the "
                  "declarations themselves, under the features");
        }
      }
    }
    return llvm::Error::success();
  }

  /// What a function item uses that varies, for messages: "the
  /// enumerator 'X' of the enumeration 'e'", "'limit' (variable)".
  std::string firstUse(const Item &F) const {
    for (const auto &[_, R] : Facts.Refs) {
      if (R.Context != "F:" + F.Fn->Key && R.Context != "S:" + F.Fn->Key)
        continue;
      auto T = Items.find(R.Target);
      if (T == Items.end() || !T->second.variesAt(R))
        continue;
      const Item &U = T->second;
      if (U.EnumValues)
        return "the enumerator '" + R.Member + "' of " +
               (U.Name.empty() ? std::string("an anonymous enumeration")
                               : "the enumeration '" + U.Name + "'");
      return "'" + U.Name + "' (" + U.Kind + ")";
    }
    return "file-scope declarations";
  }

  /// What cannot be lowered: located errors, first in source order.
  llvm::Error checkRefusals() const {
    if (llvm::Error E = checkIncludedLists())
      return E;
    std::vector<const EntityRef *> Refs;
    for (const auto &[_, R] : Facts.Refs)
      Refs.push_back(&R);
    std::sort(
        Refs.begin(), Refs.end(), [](const EntityRef *A, const EntityRef *B) {
          return std::tie(A->File, A->Offset) < std::tie(B->File, B->Offset);
        });
    for (const EntityRef *R : Refs) {
      auto T = Items.find(R->Target);
      if (T == Items.end() || !T->second.variesAt(*R))
        continue;
      const Item &Target = T->second;
      if (R->Context.empty() && Target.EnumValues)
        return located(R->File, R->Line, R->Column,
                       "the enumerator '" + R->Member + "' of " +
                           describe(Target) + ", and it is used in " +
                           R->Where +
                           ": varsim lowers the enumerators' values only "
                           "where they are used in function bodies (not "
                           "member functions or templates) and file-scope "
                           "declarations (docs/globals.md)");
      if (R->Context.empty() &&
          llvm::StringRef(R->Where).starts_with("the declaration of function"))
        // A prototype (a header's) has no body to copy per configuration,
        // and the definition's copies are declared in its own file only.
        return located(
            R->File, R->Line, R->Column,
            describe(Target) + " and is used in " + R->Where +
                ", a prototype: varsim makes one copy per configuration of a "
                "function whose signature uses such a name only where it is "
                "defined, and the copies are declared in that file only "
                "(docs/globals.md); keep the name out of the signature (pass "
                "a pointer to a struct declared alike in every variant, with "
                "the differing members under #ifdef, and use the name inside "
                "the bodies), or define the function static in the file that "
                "calls it");
      if (R->Context.empty())
        return located(R->File, R->Line, R->Column,
                       describe(Target) + " and is used in " + R->Where +
                           ": varsim lowers such a name where it is used in "
                           "function bodies and in the definitions of "
                           "file-scope variables, constants and tables, not "
                           "here (docs/globals.md)");
      if (Target.IsFunction && R->File != Target.File)
        return located(R->File, R->Line, R->Column,
                       describe(Target) +
                           " (its signature uses a "
                           "declaration that differs per configuration), is "
                           "defined in " +
                           In.Project.relativeToRoot(Target.File) +
                           " and used in another file: the copies per "
                           "configuration are only declared in its own file");
      if (!Target.IsFunction && Target.Defs.front()->ExternalLinkage &&
          R->File != Target.File &&
          std::any_of(
              In.Project.Entries.begin(), In.Project.Entries.end(),
              [&](const CompileEntry &E) { return E.File == Target.File; }))
        return located(R->File, R->Line, R->Column,
                       describe(Target) + ", is defined in " +
                           In.Project.relativeToRoot(Target.File) +
                           " and used in another translation unit: make it "
                           "static, or use it only in its own file");
    }
    for (const auto &[_, D] : Facts.Redecls) {
      auto T = Items.find(D.Key);
      if (T != Items.end() && T->second.variant() && D.File != T->second.File)
        return located(D.File, D.Line, D.Column,
                       describe(T->second) + " and is declared again in " +
                           "another file: the copies per configuration "
                           "cannot be declared there");
    }
    for (const auto &[_, I] : Items) {
      if (!I.variant())
        continue;
      if (I.IsFunction && !I.Fn->Unsupported.empty())
        return located(I.File, I.Line, I.Column,
                       "function '" + I.Name + "' uses " + firstUse(I) +
                           " (file-scope declarations that differ per "
                           "configuration of " +
                           featuresOf(I) + "), but it is " + I.Fn->Unsupported +
                           ", which cannot be copied per configuration");
      if (!I.IsFunction)
        for (const EntityDef *D : I.Defs)
          if (!D->Unsupported.empty())
            return located(D->File, D->Line, D->Column,
                           describe(I) + ", but it is " + D->Unsupported +
                               ": it cannot be copied per configuration");
      if (I.Kind == "enum" && !I.Defs.front()->ScopedEnum)
        return located(I.File, I.Line, I.Column,
                       describe(I) +
                           ", and it is an unscoped enumeration defined in "
                           "several feature branches: its copies would "
                           "declare its enumerators again in the same scope; "
                           "define it once, with its enumerators under the "
                           "features");
      if (I.EnumValues)
        if (llvm::Error E = checkEnumValues(I))
          return E;
    }
    return llvm::Error::success();
  }

  /// An enumeration lowered by values is edited inside its braces, on
  /// the line of its '{': its body must hold no directive but the feature
  /// #ifs that the copies resolve.
  llvm::Error checkEnumValues(const Item &I) const {
    const EntityDef &D = *I.Defs.front();
    if (!D.BraceBegin || !D.BraceEnd)
      return located(D.File, D.Line, D.Column,
                     describe(I) + ", but its braces come from a macro: its "
                                   "values cannot be lowered per "
                                   "configuration");
    const FileStructure &FS = structure(D.File);
    const FileGroups &FG = Groups.at(D.File);
    std::set<unsigned> FeatureDirectives;
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
      if (!FG.IsFeature[GI])
        continue;
      FeatureDirectives.insert(FS.Groups[GI].EndifIndex);
      for (const CondGroup::Branch &B : FS.Groups[GI].Branches)
        FeatureDirectives.insert(B.DirectiveIndex);
    }
    for (unsigned DI = 0; DI < FS.Directives.size(); ++DI) {
      const Directive &Dir = FS.Directives[DI];
      if (Dir.Begin > D.BraceBegin && Dir.Begin < D.BraceEnd &&
          !FeatureDirectives.count(DI))
        return located(D.File, Dir.Line, Dir.Column,
                       describe(I) +
                           ", and its body holds a preprocessor directive "
                           "other than a feature #if: the values of its "
                           "enumerators cannot be lowered per configuration");
    }
    return llvm::Error::success();
  }

  // --- Copies ------------------------------------------------------------

  std::vector<Decision> decisionsOf(const Item &I) const {
    std::vector<Decision> Out;
    std::map<DecisionKey, size_t> Index;
    for (const DecisionKey &K : I.Decisions) {
      Decision D;
      if (K.Kind == 1) {
        D = valueDecision(In.Features, K.Macro);
      } else {
        const FileStructure &FS = structure(K.File);
        const FileGroups &FG = Groups.at(K.File);
        D = decisionOf(FS, FG, K.Group);
        // Decided only under its nearest enclosing feature branch.
        unsigned Child = K.Group;
        for (auto P = FS.Groups[K.Group].ParentGroup; P;
             P = FS.Groups[*P].ParentGroup) {
          if (FG.IsFeature[*P]) {
            auto It = Index.find({0, K.File, *P, ""});
            if (It != Index.end()) {
              D.Parent = It->second;
              D.ParentBranch = FS.Groups[Child].ParentBranch;
            }
            break;
          }
          Child = *P;
        }
      }
      Index[K] = Out.size();
      Out.push_back(std::move(D));
    }
    return Out;
  }

  llvm::Error planItems() {
    if (auto D = In.Features.Model.defaultConfiguration())
      BaseCfg = *D;
    else
      BaseCfg = findSatisfying(*makeInt(1), In.Features);
    std::vector<Item *> Order;
    for (auto &[_, I] : Items)
      if (I.variant())
        Order.push_back(&I);
    std::sort(Order.begin(), Order.end(), [](const Item *A, const Item *B) {
      return std::tie(A->File, A->Line, A->Column) <
             std::tie(B->File, B->Line, B->Column);
    });
    for (Item *IP : Order) {
      Item &I = *IP;
      std::size_t TextBytes = 0;
      if (I.IsFunction)
        TextBytes = I.Fn->BodyEnd + 1 - I.Fn->DeclBegin;
      for (const EntityDef *D : I.Defs)
        TextBytes = std::max<std::size_t>(TextBytes, D->End - D->Begin);
      auto Plan = planCopies(decisionsOf(I), In.Features, I.Presence,
                             copyCap(TextBytes));
      if (!Plan)
        return located(I.File, I.Line, I.Column,
                       describe(I) + ": " + errorText(Plan.takeError()));
      std::set<std::string> Names;
      for (FunctionCopy &FC : Plan->Copies) {
        Copy C;
        C.Condition = FC.Condition;
        auto Cfg =
            findSatisfying(*makeAnd({I.Presence, FC.Condition}), In.Features);
        if (!Cfg)
          continue;
        C.Cfg = *Cfg;
        std::string Suffix =
            suffixOf(conditionText(*FC.Condition, In.Features));
        C.Name = I.Name + "__varsim_" + Suffix;
        C.Suffix = Suffix;
        for (unsigned N = 2; !Names.insert(C.Name).second; ++N) {
          C.Suffix = Suffix + "_" + std::to_string(N);
          C.Name = I.Name + "__varsim_" + C.Suffix;
        }
        I.Copies.push_back(std::move(C));
      }
      if (I.Copies.empty())
        continue;
      I.Base = 0;
      if (BaseCfg)
        for (size_t K = 0; K < I.Copies.size(); ++K)
          if (holds(*I.Copies[K].Condition, *BaseCfg, In.Features) &&
              holds(*I.Presence, *BaseCfg, In.Features)) {
            I.Base = K;
            break;
          }
      if (I.keepsName())
        I.Copies[I.Base].Name = I.Name;
      if (!I.IsFunction) {
        for (Copy &C : I.Copies)
          for (size_t DI = 0; DI < I.Defs.size(); ++DI)
            if (holds(*Groups.at(I.Defs[DI]->File)
                           .presenceAt(structure(I.Defs[DI]->File),
                                       I.Defs[DI]->NameOffset),
                      C.Cfg, In.Features)) {
              C.Def = static_cast<int>(DI);
              break;
            }
        // In place: a definition in a feature branch holds the first copy
        // made of it (it exists where its branch does); a single definition
        // with several copies is replaced by copies that each exist in
        // their configurations only (every parse must compile).
        std::set<int> Placed;
        if (!I.EnumValues && (I.Defs.size() > 1 || I.Copies.size() == 1)) {
          if (I.Copies[I.Base].Def >= 0) {
            I.Copies[I.Base].InPlace = true;
            Placed.insert(I.Copies[I.Base].Def);
          }
          for (Copy &C : I.Copies)
            if (C.Def >= 0 && Placed.insert(C.Def).second)
              C.InPlace = true;
        }
      } else if (I.Copies.size() == 1) {
        I.Copies[I.Base].InPlace = true;
      }
    }
    return llvm::Error::success();
  }

  /// The copy of Target that runs in Cfg, if any.
  const Copy *copyFor(const Item &Target, const fm::Configuration &Cfg) const {
    if (!holds(*Target.Presence, Cfg, In.Features))
      return nullptr;
    for (const Copy &C : Target.Copies)
      if (holds(*C.Condition, Cfg, In.Features))
        return &C;
    return nullptr;
  }

  /// Edits that turn [Begin, End) of File into copy C of item I. Renames
  /// that must go through a macro are added to Defines (appended copies
  /// only; in place they are an error).
  llvm::Error copyEdits(
      const Item &I, const Copy &C, const std::string &File, unsigned Begin,
      unsigned End, bool InPlace, std::set<Edit> &Out,
      std::map<std::string, std::string> &Defines,
      std::map<std::string, std::string> *MacroDefinesOut = nullptr) const {
    std::map<std::string, std::string> Unused;
    std::map<std::string, std::string> &MacroDefines =
        MacroDefinesOut ? *MacroDefinesOut : Unused;
    const FileStructure &FS = structure(File);
    const FileGroups &FG = Groups.at(File);
    const std::string &T = text(File);
    CondPtr Here = makeAnd({I.Presence, C.Condition});
    std::vector<std::pair<unsigned, unsigned>> Removed;
    auto IsRemoved = [&](unsigned Off) {
      for (const auto &[B, E] : Removed)
        if (Off >= B && Off < E)
          return true;
      return false;
    };
    // Defaults the original text has settled: no-ops in an appended copy.
    if (!InPlace)
      for (const auto &[B, E] : settledDefaults(FS, FG, Begin, End)) {
        Out.insert({B, E - B, newlinesOf(llvm::StringRef(T).slice(B, E))});
        Removed.push_back({B, E});
      }
    // #if groups decided by the copy: resolved.
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
      if (!FG.IsFeature[GI])
        continue;
      const CondGroup &G = FS.Groups[GI];
      const Directive &If = FS.Directives[G.Branches.front().DirectiveIndex];
      if (If.Begin < Begin || If.Begin >= End || IsRemoved(If.Begin))
        continue;
      if (FS.Directives[G.EndifIndex].End > End)
        return located(File, If.Line, If.Column,
                       describe(I) +
                           ", and this #if group extends past "
                           "the end of its declaration: it cannot be copied "
                           "per configuration");
      std::vector<int> State; // 1 always, 0 never, -1 undecided.
      bool Decided = true;
      for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
        const CondPtr &Own = FG.Own[GI][BI];
        bool Can = isSatisfiable(*makeAnd({Here, Own}), In.Features);
        bool CanNot =
            isSatisfiable(*makeAnd({Here, makeNot(Own)}), In.Features);
        State.push_back(Can && !CanNot ? 1 : !Can ? 0 : -1);
        Decided = Decided && State.back() >= 0;
      }
      if (!Decided)
        continue;
      for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
        const CondGroup::Branch &B = G.Branches[BI];
        const Directive &D = FS.Directives[B.DirectiveIndex];
        Out.insert({D.Begin, D.End - D.Begin,
                    newlinesOf(llvm::StringRef(T).slice(D.Begin, D.End))});
        if (State[BI] == 0 && B.ContentEnd > B.ContentBegin) {
          Out.insert({B.ContentBegin, B.ContentEnd - B.ContentBegin,
                      newlinesOf(llvm::StringRef(T).slice(B.ContentBegin,
                                                          B.ContentEnd))});
          Removed.push_back({B.ContentBegin, B.ContentEnd});
        }
      }
      const Directive &Endif = FS.Directives[G.EndifIndex];
      Out.insert(
          {Endif.Begin, Endif.End - Endif.Begin,
           newlinesOf(llvm::StringRef(T).slice(Endif.Begin, Endif.End))});
    }
    // Macros that differ per configuration: their value in this copy.
    std::map<unsigned, std::vector<const MacroExpansion *>> AtOffset;
    for (const auto &[_, E] : Facts.Expansions)
      if (E.File == File && E.Offset >= Begin && E.Offset < End &&
          !IsRemoved(E.Offset) && !onDirectiveLine(File, E.Offset))
        AtOffset[E.Offset].push_back(&E);
    for (const auto &[Off, Es] : AtOffset) {
      const MacroExpansion *Direct = nullptr;
      for (const MacroExpansion *E : Es)
        if (E->Direct && llvm::StringRef(T).substr(Off).starts_with(E->Macro))
          Direct = E;
      std::optional<std::string> Value;
      bool Determined = false;
      if (Direct) {
        DecisionSet Needs;
        macroDecisions(Direct->Macro, Needs);
        Determined = std::includes(I.Decisions.begin(), I.Decisions.end(),
                                   Needs.begin(), Needs.end());
        if (Determined)
          Value = macroValue(Direct->Macro, C.Cfg, File, Off, 0,
                             InPlace ? nullptr : &MacroDefines);
      }
      if (Value) {
        Out.insert({Off, static_cast<unsigned>(Direct->Macro.size()), *Value});
        continue;
      }
      if (I.IsFunction || (Direct && !Determined))
        continue; // The #if rewriter selects it at run time.
      const MacroExpansion &E = *Es.front();
      return located(File, E.Line, E.Column,
                     describe(I) + ", and uses '" + E.Macro +
                         "' here, whose value per configuration cannot be "
                         "substituted (a function-like macro, or one "
                         "reached through another macro's body)");
    }
    // References to other items: their copy of this configuration.
    for (const auto &[_, R] : Facts.Refs) {
      if (R.File != File || R.Offset < Begin || R.Offset >= End ||
          IsRemoved(R.Offset))
        continue;
      auto T2 = Items.find(R.Target);
      if (T2 == Items.end() || !T2->second.variesAt(R))
        continue;
      const Item &Target = T2->second;
      const Copy *TC = copyFor(Target, C.Cfg);
      if (Target.EnumValues) {
        // The enumerator's value in this configuration; one absent there
        // is in code this configuration does not run (its variant would
        // not compile otherwise): the union's name serves.
        if (!TC || !enumeratorPresent(Target, R.Member, C.Cfg))
          continue;
        std::string Renamed = R.Member + "__varsim_" + TC->Suffix;
        if (!R.ViaMacro) {
          Out.insert(
              {R.Offset, static_cast<unsigned>(R.Member.size()), Renamed});
          continue;
        }
        if (InPlace && !I.IsFunction)
          return located(R.File, R.Line, R.Column,
                         "the enumerator '" + R.Member + "' of " +
                             describe(Target) +
                             " is used here through a "
                             "macro in '" +
                             I.Name +
                             "', which is not copied "
                             "per configuration");
        Defines[R.Member] = Renamed;
        continue;
      }
      if (!TC || TC->Name == Target.Name)
        continue;
      if (!R.ViaMacro) {
        Out.insert(
            {R.Offset, static_cast<unsigned>(Target.Name.size()), TC->Name});
        continue;
      }
      if (InPlace && !I.IsFunction)
        return located(R.File, R.Line, R.Column,
                       describe(Target) +
                           " and is used here through a "
                           "macro in '" +
                           I.Name +
                           "', whose in-place copy "
                           "needs another configuration's '" +
                           Target.Name + "' than the base configuration's");
      Defines[Target.Name] = TC->Name;
    }
    // The item's own name.
    if (I.IsFunction) {
      if (C.Name != I.Name && (I.Copies.size() > 1 || I.SignatureVaries))
        Out.insert(
            {I.Fn->NameOffset, static_cast<unsigned>(I.Name.size()), C.Name});
      if (I.Fn->Main && I.Copies.size() > 1)
        Out.insert({I.Fn->BodyEnd, 0, " return 0; "});
    } else {
      const EntityDef &D = *I.Defs[C.Def];
      if (!D.Name.empty() && C.Name != I.Name && D.NameOffset >= Begin &&
          D.NameOffset < End)
        Out.insert(
            {D.NameOffset, static_cast<unsigned>(D.Name.size()), C.Name});
    }
    return llvm::Error::success();
  }

  /// #if lines re-creating the branches that enclose Offset (not an
  /// include guard), and as many #endif lines.
  std::pair<std::string, std::string> enclosing(const std::string &File,
                                                unsigned Offset) const {
    const FileStructure &FS = structure(File);
    std::string Open, Close;
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
      const CondGroup &G = FS.Groups[GI];
      for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
        const CondGroup::Branch &B = G.Branches[BI];
        if (Offset < B.ContentBegin || Offset >= B.ContentEnd)
          continue;
        if (isIncludeGuard(FS, GI))
          continue;
        std::vector<std::string> Parts;
        std::string Own = branchTest(FS.Directives[B.DirectiveIndex]);
        if (!Own.empty())
          Parts.push_back(Own);
        for (size_t E = 0; E < BI; ++E)
          Parts.push_back(
              "!(" + branchTest(FS.Directives[G.Branches[E].DirectiveIndex]) +
              ")");
        Open += "#if " +
                (Parts.empty() ? std::string("1") : llvm::join(Parts, " && ")) +
                "\n";
        Close += "#endif\n";
      }
    }
    return {Open, Close};
  }

  static bool isIncludeGuard(const FileStructure &FS, unsigned GI) {
    const CondGroup &G = FS.Groups[GI];
    if (G.ParentGroup || G.Branches.size() != 1)
      return false;
    const Directive &If = FS.Directives[G.Branches[0].DirectiveIndex];
    if (If.Kind != DirectiveKind::Ifndef || G.Branches[0].Directives.empty())
      return false;
    const Directive &First = FS.Directives[G.Branches[0].Directives.front()];
    return First.Kind == DirectiveKind::Define && First.Macro == If.Macro;
  }

  std::string namespacesOpen(const NamespaceChain &NS) const {
    std::string Out;
    for (const auto &[Name, Inline] : NS)
      Out += std::string(Inline ? "inline " : "") + "namespace " + Name +
             (Name.empty() ? "" : " ") + "{\n";
    return Out;
  }

  /// An appended copy: renaming macros, enclosing branches, namespaces,
  /// `#line`, the text.
  llvm::Expected<std::string> appended(const Item &I, const Copy &C,
                                       const std::string &File, unsigned Begin,
                                       unsigned End,
                                       const NamespaceChain &NS) const {
    std::set<Edit> E;
    std::map<std::string, std::string> Defines, MacroDefines;
    if (llvm::Error Err =
            copyEdits(I, C, File, Begin, End, false, E, Defines, &MacroDefines))
      return Err;
    const std::string &T = text(File);
    auto Body =
        applyEdits(File, llvm::StringRef(T).slice(Begin, End), Begin, E);
    if (!Body)
      return Body.takeError();
    size_t LS = llvm::StringRef(T).rfind('\n', Begin);
    LS = LS == llvm::StringRef::npos ? 0 : LS + 1;
    auto [Open, Close] = enclosing(File, Begin);
    std::string Out;
    for (const auto &[Name, Define] : MacroDefines)
      if (DefinedMacros[File].insert(Name).second)
        Out += Define + "\n";
    for (const auto &[From, To] : Defines)
      Out += "#define " + From + " " + To + "\n";
    // A renamed function still names itself as the original (logging
    // prints __func__), as the #if rewriter's renamed functions do.
    bool Renamed = I.IsFunction && C.Name != I.Name;
    if (Renamed)
      Out += "#define __func__ \"" + I.Name + "\"\n#define __FUNCTION__ \"" +
             I.Name + "\"\n";
    // A copy exists in its configurations only (every parse must compile;
    // the #if rewriter compiles the union, with the copy's condition as
    // presence).
    Out += Open;
    Out += "#if " + ppCondition(*C.Condition) + "\n";
    Out += namespacesOpen(NS);
    Out += "#line " + std::to_string(structure(File).lineOf(Begin)) + "\n";
    Out += std::string(Begin - LS, ' ') + *Body + "\n";
    Out += std::string(NS.size(), '}') + (NS.empty() ? "" : "\n");
    Out += "#endif\n";
    Out += Close;
    for (const auto &[From, To] : Defines)
      Out += "#undef " + From + "\n";
    if (Renamed)
      Out += "#undef __func__\n#undef __FUNCTION__\n";
    return Out;
  }

  std::string headOf(const FunctionDef &F, bool StripDefaults) const {
    const std::string &T = text(F.File);
    std::set<Edit> E;
    if (StripDefaults)
      for (const auto &[B, End] : F.DefaultArgs)
        E.insert({B, End - B, ""});
    auto Head =
        applyEdits(F.File, llvm::StringRef(T).slice(F.DeclBegin, F.BodyBegin),
                   F.DeclBegin, E);
    if (!Head) {
      llvm::consumeError(Head.takeError());
      return oneLine(llvm::StringRef(T).slice(F.DeclBegin, F.BodyBegin));
    }
    return oneLine(*Head);
  }

  std::string dispatcher(const Item &I) const {
    const FunctionDef &F = *I.Fn;
    std::vector<std::string> Args;
    for (const std::string &P : F.ParamNames)
      Args.push_back(cxxFile(F.File)
                         ? "static_cast<decltype(" + P + ") &&>(" + P + ")"
                         : P);
    std::string Out = "// varsim: the feature switch of '" + I.Name +
                      "' (file-scope variability lowered, docs/globals.md)\n";
    auto [Open, Close] = enclosing(F.File, F.DeclBegin);
    Out += Open + namespacesOpen(F.Namespaces);
    Out += headOf(F, true) + " {\n";
    for (size_t K = 0; K < I.Copies.size(); ++K) {
      bool Last = K + 1 == I.Copies.size();
      Out += Last ? "#else\n"
                  : (K == 0 ? "#if " : "#elif ") +
                        ppCondition(*I.Copies[K].Condition) + "\n";
      std::string Call = I.Copies[K].Name + "(" + llvm::join(Args, ", ") + ")";
      Out += F.ReturnsVoid ? "  " + Call + ";\n  return;\n"
                           : "  return " + Call + ";\n";
    }
    Out += "#endif\n}\n";
    Out += std::string(F.Namespaces.size(), '}') +
           (F.Namespaces.empty() ? "" : "\n") + Close;
    return Out;
  }

  /// An enumeration lowered by values, edited in place on the line of its
  /// '{': after it, each copy's enumerators renamed (`ST_DONE__varsim_X`),
  /// the first one `= 0` unless explicit, on one line; then the union of
  /// the original enumerators (feature #if lines removed, the first one
  /// `= 0`, a name repeated in several branches renamed, macros per
  /// feature at the base configuration's values), which names the values
  /// of code no configuration runs and makes the type's range cover every
  /// configuration's values.
  llvm::Error renderEnumValues(const Item &I) {
    const EntityDef &D = *I.Defs.front();
    const std::string &T = text(D.File);
    std::vector<const EnumeratorFact *> Es = enumeratorsOf(I);
    std::string Lists;
    for (const Copy &C : I.Copies) {
      std::set<Edit> E;
      std::map<std::string, std::string> Defines;
      if (llvm::Error Err = copyEdits(I, C, D.File, D.BraceBegin + 1,
                                      D.BraceEnd, true, E, Defines))
        return Err;
      bool First = true;
      for (const EnumeratorFact *En : Es) {
        if (!holds(*Groups.at(D.File).presenceAt(structure(D.File), En->Offset),
                   C.Cfg, In.Features))
          continue;
        E.insert({En->Offset, static_cast<unsigned>(En->Name.size()),
                  En->Name + "__varsim_" + C.Suffix +
                      (First && !En->Explicit ? " = 0" : "")});
        First = false;
      }
      // Its initializers name its own enumerators (the union's follow).
      for (const auto &[_, R] : Facts.Refs)
        if (R.Target == I.Key && !R.Member.empty() && R.File == D.File &&
            R.Offset > D.BraceBegin && R.Offset < D.BraceEnd && !R.ViaMacro &&
            !I.Shifting.count(R.Member) &&
            enumeratorPresent(I, R.Member, C.Cfg) &&
            holds(*Groups.at(D.File).presenceAt(structure(D.File), R.Offset),
                  C.Cfg, In.Features))
          E.insert({R.Offset, static_cast<unsigned>(R.Member.size()),
                    R.Member + "__varsim_" + C.Suffix});
      auto Body = applyEdits(
          D.File, llvm::StringRef(T).slice(D.BraceBegin + 1, D.BraceEnd),
          D.BraceBegin + 1, E);
      if (!Body)
        return Body.takeError();
      std::string OneLine = oneLine(*Body);
      llvm::StringRef Flat = llvm::StringRef(OneLine).rtrim(" \t,");
      if (!Flat.empty())
        Lists += " " + Flat.str() + ",";
    }
    std::set<Edit> &Out = Edits[D.File];
    Out.insert({D.BraceBegin + 1, 0, Lists});
    // The union.
    const FileStructure &FS = structure(D.File);
    const FileGroups &FG = Groups.at(D.File);
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
      if (!FG.IsFeature[GI])
        continue;
      const CondGroup &G = FS.Groups[GI];
      const Directive &If = FS.Directives[G.Branches.front().DirectiveIndex];
      if (If.Begin < D.BraceBegin || If.Begin >= D.BraceEnd)
        continue;
      std::vector<unsigned> Lines{G.EndifIndex};
      for (const CondGroup::Branch &B : G.Branches)
        Lines.push_back(B.DirectiveIndex);
      for (unsigned DI : Lines) {
        const Directive &Dir = FS.Directives[DI];
        Out.insert({Dir.Begin, Dir.End - Dir.Begin,
                    newlinesOf(llvm::StringRef(T).slice(Dir.Begin, Dir.End))});
      }
    }
    std::map<std::string, int> Seen;
    for (size_t K = 0; K < Es.size(); ++K) {
      const EnumeratorFact &En = *Es[K];
      int N = Seen[En.Name]++;
      std::string Name =
          N ? En.Name + "__varsim_dup" + std::to_string(N) : En.Name;
      if (K == 0 && !En.Explicit)
        Name += " = 0";
      if (Name != En.Name)
        Out.insert({En.Offset, static_cast<unsigned>(En.Name.size()), Name});
    }
    for (const auto &[_, E] : Facts.Expansions) {
      if (E.File != D.File || E.Offset <= D.BraceBegin ||
          E.Offset >= D.BraceEnd || !E.Direct ||
          onDirectiveLine(D.File, E.Offset))
        continue;
      std::optional<std::string> V =
          BaseCfg ? macroValue(E.Macro, *BaseCfg, D.File, E.Offset)
                  : std::nullopt;
      if (!V)
        return located(D.File, E.Line, E.Column,
                       describe(I) + ", and uses '" + E.Macro +
                           "' here, whose value per configuration cannot be "
                           "substituted (a function-like macro, or one "
                           "reached through another macro's body)");
      Out.insert({E.Offset, static_cast<unsigned>(E.Macro.size()), *V});
    }
    return llvm::Error::success();
  }

  llvm::Error render(GlobalsResult &Result) {
    std::vector<const Item *> Order;
    for (const auto &[_, I] : Items)
      if (I.variant() && !I.Copies.empty())
        Order.push_back(&I);
    std::sort(Order.begin(), Order.end(), [](const Item *A, const Item *B) {
      unsigned OA = A->IsFunction ? A->Fn->DeclBegin : A->Defs.front()->Begin;
      unsigned OB = B->IsFunction ? B->Fn->DeclBegin : B->Defs.front()->Begin;
      return std::tie(A->File, OA) < std::tie(B->File, OB);
    });
    for (const Item *IP : Order) {
      const Item &I = *IP;
      std::map<std::string, std::string> NoDefines;
      if (I.IsFunction) {
        const FunctionDef &F = *I.Fn;
        // The in-place copy must not need a rename through a macro (no
        // line for the #define): then every copy is appended, and only a
        // declaration stays in place.
        // A renamed copy in place could not name itself as the original
        // (__func__): only a copy that keeps the name stays in place.
        bool Moved = !I.Copies[I.Base].InPlace ||
                     (I.Copies.size() > 1 && I.Copies[I.Base].Name != I.Name);
        if (!Moved) {
          std::set<Edit> InPlaceEdits;
          std::map<std::string, std::string> InPlaceDefines;
          if (llvm::Error E =
                  copyEdits(I, I.Copies[I.Base], F.File, F.DeclBegin,
                            F.BodyEnd + 1, true, InPlaceEdits, InPlaceDefines))
            return E;
          if (InPlaceDefines.empty())
            Edits[F.File].insert(InPlaceEdits.begin(), InPlaceEdits.end());
          else
            Moved = true;
        }
        for (size_t K = 0; K < I.Copies.size(); ++K) {
          const Copy &C = I.Copies[K];
          if (C.InPlace && !Moved)
            continue;
          auto A =
              appended(I, C, F.File, F.DeclBegin, F.BodyEnd + 1, F.Namespaces);
          if (!A)
            return A.takeError();
          Appended[F.File] += *A;
        }
        if (Moved) {
          // A declaration of the dispatcher stays (not of a function whose
          // signature differs per copy: each copy is its own function).
          const std::string &T = text(F.File);
          Edits[F.File].insert(
              {F.DeclBegin, F.BodyEnd + 1 - F.DeclBegin,
               (I.SignatureVaries ? std::string()
                                  : headOf(F, F.HasPrevious) + ";") +
                   keepSettledOnly(
                       T, F.DeclBegin, F.BodyEnd + 1,
                       settledDefaults(structure(F.File), Groups.at(F.File),
                                       F.DeclBegin, F.BodyEnd + 1))});
        }
        if (I.Copies.size() > 1 && !I.SignatureVaries)
          Dispatchers[F.File] += dispatcher(I);
      } else if (I.EnumValues) {
        if (llvm::Error E = renderEnumValues(I))
          return E;
      } else {
        for (const Copy &C : I.Copies) {
          if (C.Def < 0)
            continue;
          const EntityDef &D = *I.Defs[C.Def];
          if (C.InPlace) {
            if (llvm::Error E = copyEdits(I, C, D.File, D.Begin, D.End, true,
                                          Edits[D.File], NoDefines))
              return E;
            continue;
          }
          auto A = appended(I, C, D.File, D.Begin, D.End, D.Namespaces);
          if (!A)
            return A.takeError();
          Appended[D.File] += *A;
        }
        if (I.Defs.size() == 1 && I.Copies.size() > 1) {
          const EntityDef &D = *I.Defs.front();
          Edits[D.File].insert(
              {D.Begin, D.End - D.Begin,
               keepSettledOnly(text(D.File), D.Begin, D.End,
                               settledDefaults(structure(D.File),
                                               Groups.at(D.File), D.Begin,
                                               D.End))});
        }
        // Definitions no copy uses (dead branches) must not clash.
        for (size_t DI = 0; DI < I.Defs.size(); ++DI) {
          const EntityDef &D = *I.Defs[DI];
          bool Used =
              std::any_of(I.Copies.begin(), I.Copies.end(), [&](const Copy &C) {
                return C.Def == static_cast<int>(DI);
              });
          if (!Used && !D.Name.empty())
            Edits[D.File].insert(
                {D.NameOffset, static_cast<unsigned>(D.Name.size()),
                 I.Name + "__varsim_unused" + std::to_string(DI)});
        }
      }
      Result.Sites.push_back({I.File, I.Line,
                              I.IsFunction ? "function copies" : I.Kind,
                              featuresOf(I)});
    }

    Result.Sites.insert(Result.Sites.end(), UnionSites.begin(),
                        UnionSites.end());
    std::set<std::string> Files;
    for (const auto &M : {&Appended, &Dispatchers})
      for (const auto &[F, _] : *M)
        Files.insert(F);
    for (const auto &[F, E] : Edits)
      if (!E.empty())
        Files.insert(F);
    for (const std::string &File : Files) {
      auto Text = applyEdits(File, text(File), 0, Edits[File]);
      if (!Text)
        return Text.takeError();
      std::string Tail = Appended[File] + Dispatchers[File];
      if (!Tail.empty()) {
        if (!Text->empty() && Text->back() != '\n')
          *Text += '\n';
        bool Header =
            std::none_of(In.Project.Entries.begin(), In.Project.Entries.end(),
                         [&](const CompileEntry &C) { return C.File == File; });
        std::string Guard =
            "VARSIM_GLOB_" + sanitize(In.Project.relativeToRoot(File));
        if (Header)
          *Text += "#ifndef " + Guard + "\n#define " + Guard + "\n";
        *Text += "// varsim: file-scope variability lowered "
                 "(docs/globals.md)\n" +
                 Tail;
        if (Header)
          *Text += "#endif\n";
      }
      Result.Files[File] = std::move(*Text);
    }
    return llvm::Error::success();
  }
};

} // namespace

namespace {

/// With VARSIM_GLOBALS_TIMING set, the pass's wall time goes to the log
/// (docs/globals.md, "Cost").
class PassTimer {
public:
  explicit PassTimer(llvm::raw_ostream *Log)
      : Log(std::getenv("VARSIM_GLOBALS_TIMING") ? Log : nullptr),
        Start(std::chrono::steady_clock::now()) {}
  ~PassTimer() {
    if (!Log)
      return;
    auto Us = std::chrono::duration_cast<std::chrono::microseconds>(
                  std::chrono::steady_clock::now() - Start)
                  .count();
    *Log << "file-scope variability pass: " << Us << " us ("
         << (Parsed ? "parsed" : "pre-check only, no parse") << ")\n";
  }
  bool Parsed = false;

private:
  llvm::raw_ostream *Log;
  std::chrono::steady_clock::time_point Start;
};

} // namespace

llvm::Expected<GlobalsResult> lowerGlobalVariability(const GlobalsInput &In) {
  PassTimer Timer(In.Log);
  GlobalsResult Result;
  if (In.Features.macros().empty())
    return Result;
  Lowering L(In);
  for (const auto &[File, FS] : In.Structures)
    L.Groups.emplace(File, analyzeGroups(FS, In.Features));
  L.collectMacroDefs();
  if (!L.precheck())
    return Result;
  for (const CompileEntry &E : In.Project.Entries)
    (isCxxEntry(E) ? L.AnyCxx : L.AnyC) = true;
  Timer.Parsed = true;
  if (!L.parseAll())
    return Result;
  L.buildItems();
  while (L.withdrawUnlowerable())
    L.buildItems();
  if (llvm::Error E = L.checkRefusals())
    return E;
  if (llvm::Error E = L.judgeBounds())
    return E;
  if (llvm::Error E = L.planItems())
    return E;
  if (llvm::Error E = L.render(Result))
    return E;
  if (In.Log)
    for (const templates::LoweredSite &S : Result.Sites)
      *In.Log << "lowered file-scope variability: "
              << In.Project.relativeToRoot(S.File) << ":" << S.Line << " ("
              << S.Idiom << ", " << S.Features << ")\n";
  return Result;
}

} // namespace varsim::rewrite::globals
