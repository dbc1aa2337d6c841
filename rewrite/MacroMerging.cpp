//===- rewrite/MacroMerging.cpp - Macros defined per feature --------------===//
//
// A macro defined in the branches of a feature group becomes one
// definition that selects its variant's body at run time: the part of
// FileRewriter (FileRewriterImpl.h) that finds such macros in a file's
// groups (mergeMacros) and the definitions it may keep unconditionally;
// the selecting definitions are written in MacroSelection.cpp, the bodies
// classified in MacroBodies.cpp. Also the refusal of a per-feature macro
// that is stringified.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"

#include "rewrite/LinkageMacros.h"
#include "rewrite/MacroUses.h"
#include "support/SourceFiles.h"

#include "llvm/Support/Path.h"

#include "llvm/ADT/StringExtras.h"

#include <cctype>

namespace varsim::rewrite::detail {
namespace {

/// Whether Path is a source file that no file a translation unit reads
/// #includes (every #include there names its file literally, but in Path
/// itself: a file that includes itself is not read once anyway): only
/// its own translation unit reads it, once, from its start (SQLite's
/// amalgamation; its tree's test programs that include it are read by no
/// unit).
/// Where a macro defined in only some branches is named outside them
/// (findConfinedMacros), as a hint: "" if unknown.
std::string usedOutsideHint(const std::string &Macro,
                            const ProjectContext &Ctx) {
  auto It = Ctx.UsedOutsideAt.find(Macro);
  if (It == Ctx.UsedOutsideAt.end())
    return "";
  return ": its name is used at " + It->second +
         ", where no defining branch is present (an X-macro list included "
         "more than once counts in every inclusion); define it in every "
         "branch (an #else), or use its name only where it is defined";
}

bool readOnlyAsUnit(const std::string &Path, const ProjectContext &Ctx) {
  if (!Ctx.Structures || !isTranslationUnitName(Path) || Ctx.ReadBy.empty())
    return false;
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  for (const auto &[File, Other] : *Ctx.Structures) {
    if (!Ctx.ReadBy.count(File))
      continue;
    for (const Directive &D : Other.Directives) {
      if (D.Kind != DirectiveKind::Include)
        continue;
      std::optional<llvm::StringRef> Named = includedName(D);
      if (!Named) {
        if (File == Path)
          continue;
        return false; // `#include MACRO`: it could name Path.
      }
      if (llvm::sys::path::filename(*Named) == Name)
        return false;
    }
  }
  return true;
}

/// Whether `#undef` Dv comes before every definition of its macro in a
/// file that an include guard makes read once, no other file defines it,
/// and the build does not pass it (`#undef HAVE_INTRINSICS` to start
/// clean, then `#if ...` / `#define HAVE_INTRINSICS`): it undefines
/// nothing in every unit, so it is kept as it is, outside the selection.
bool undefOfUndefined(const FileStructure &FS, const std::string &Path,
                      const Directive &Dv, const ProjectContext &Ctx,
                      const FeatureSetup &F) {
  if (F.CommandLineDefines.count(Dv.Macro) || F.isFeatureMacro(Dv.Macro) ||
      llvm::StringRef(Dv.Macro).starts_with("_"))
    return false;
  auto DefinedOnlyAfter = [&] {
    auto It = Ctx.DefinedAt.find(Dv.Macro);
    return It == Ctx.DefinedAt.end() ||
           llvm::all_of(It->second, [&](const ProjectContext::DefineSite &S) {
             return S.File == Path && S.Line > Dv.Line;
           });
  };
  // A source file no project file includes (an amalgamation) is read
  // once, from its start, by its own translation unit.
  if (readOnlyAsUnit(Path, Ctx))
    return DefinedOnlyAfter();
  if (FS.TopGroups.size() != 1 || !FS.TopDirectives.empty())
    return false;
  const CondGroup &Top = FS.Groups[FS.TopGroups.front()];
  const Cond *C = Top.Branches.front().Condition.get();
  unsigned First = Top.Branches.front().DirectiveIndex + 1;
  if (Top.Branches.size() != 1 || !C || C->K != Cond::Unary || C->Op != "!" ||
      C->Operands[0]->K != Cond::Defined || First >= FS.Directives.size() ||
      FS.Directives[First].Kind != DirectiveKind::Define ||
      FS.Directives[First].Macro != C->Operands[0]->Name)
    return false;
  return DefinedOnlyAfter();
}

/// Whether Define D and the next directive naming its macro, an #undef,
/// both lie in branch B (`#define C16(c) {c, c, ...}` / one table /
/// `#undef C16`): a scratch macro whose every use is its own, between the
/// two. Kept as it is, the pair means the same in every configuration,
/// provided that nothing else could be named: no #if tests the macro, the
/// build does not pass it, it is no feature, and every other definition
/// of it is in this file and closed by an #undef where it is, before D
/// (so that D shadows nothing that the #undef would end).
bool scratchPairIn(const FileStructure &FS, const std::string &Path,
                   const CondGroup::Branch &B, unsigned D,
                   const ProjectContext &Ctx, const FeatureSetup &F) {
  const Directive &Dv = FS.Directives[D];
  if (Dv.Kind != DirectiveKind::Define || Ctx.TestedMacros.count(Dv.Macro) ||
      F.CommandLineDefines.count(Dv.Macro) || F.isFeatureMacro(Dv.Macro))
    return false;
  unsigned Next = D + 1;
  while (Next < FS.Directives.size() && FS.Directives[Next].Macro != Dv.Macro)
    ++Next;
  if (Next == FS.Directives.size() ||
      FS.Directives[Next].Kind != DirectiveKind::Undef ||
      !llvm::is_contained(B.Directives, Next))
    return false;
  // An earlier #define of M must be closed where it is: `#undef M` in
  // the same branch (or both outside every conditional), not an #undef
  // of another configuration's definition.
  auto Place = [&](unsigned I) -> const std::vector<unsigned> * {
    for (const CondGroup &G : FS.Groups)
      for (const CondGroup::Branch &Br : G.Branches)
        if (llvm::is_contained(Br.Directives, I))
          return &Br.Directives;
    return &FS.TopDirectives;
  };
  auto Previous = [&](unsigned I) -> std::optional<unsigned> {
    while (I-- > 0)
      if (FS.Directives[I].Macro == Dv.Macro)
        return I;
    return std::nullopt;
  };
  if (auto Undef = Previous(D)) {
    auto Define = Previous(*Undef);
    if (FS.Directives[*Undef].Kind != DirectiveKind::Undef || !Define ||
        FS.Directives[*Define].Kind != DirectiveKind::Define ||
        Place(*Define) != Place(*Undef))
      return false;
  }
  auto It = Ctx.DefinedAt.find(Dv.Macro);
  return It == Ctx.DefinedAt.end() ||
         llvm::all_of(It->second, [&](const ProjectContext::DefineSite &S) {
           return S.File == Path;
         });
}

} // namespace

bool FileRewriter::scratchPair(const CondGroup::Branch &B, unsigned D) const {
  return scratchPairIn(FS, In.Path, B, D, Ctx, F);
}

/// `#undef NDEBUG` (directive Undef) / `#include <assert.h>` in a branch
/// on Presence, kept unconditionally while some `assert` may be reached
/// with the branch off (rewrite/AssertUndefs.h): a switch before the
/// #undef records whether the build defined NDEBUG there, and `assert` is
/// redefined after the inclusion to check where the variant's does (the
/// branch on, or no NDEBUG at all) and to evaluate nothing elsewhere. The
/// argument is spelled as written (`#e` in assert's own body), as the C
/// library's message spells it.
void FileRewriter::makeAssertConditional(unsigned Undef, const Cond &Presence) {
  const Directive &U = dir(Undef);
  const Directive &Include = dir(Undef + 1);
  std::string Switch = assertSwitchName(In.Path, originalLine(U.Line));
  addEdit(U.Begin, U.Begin,
          "#ifdef NDEBUG\n#define " + Switch + " (" +
              conditionCode(Presence, F) + ")\n#else\n#define " + Switch +
              " 1\n#endif\n#line " + std::to_string(originalLine(U.Line)) +
              "\n");
  addEdit(
      Include.End, Include.End,
      "#undef assert\n#define assert(e) ((" + Switch +
          ") && !(e) ? VARSIM_ASSERT_FAIL(#e) : (void)0)\n#line " +
          std::to_string(originalLine(Include.Line + Include.PhysicalLines)) +
          "\n");
}

llvm::Error FileRewriter::mergeMacros() {
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
    const CondGroup &G = FS.Groups[GI];
    const GroupPlan &P = Plans[GI];
    if (P.L != Level::Declarations && P.L != Level::Statements)
      continue;
    std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> Defs;
    std::set<std::string> Redefines; ///< Lowered by redefineOverDefault.
    bool HasElse = false;
    unsigned LiveBranches = 0;
    for (unsigned BI = 0; BI < G.Branches.size(); ++BI) {
      const CondGroup::Branch &B = G.Branches[BI];
      HasElse = HasElse || !B.Condition;
      if (P.Dead[BI])
        continue;
      ++LiveBranches;
      std::set<unsigned> Scratch; ///< #undefs closing a scratchPair.
      for (unsigned D : B.Directives) {
        const Directive &Dv = dir(D);
        if (Scratch.count(D))
          continue;
        if (scratchPair(B, D)) {
          unsigned Next = D + 1;
          while (dir(Next).Macro != Dv.Macro)
            ++Next;
          Scratch.insert(Next);
          continue;
        }
        if (Dv.Kind == DirectiveKind::Undef) {
          if (undefOfUndefined(FS, In.Path, Dv, Ctx, F))
            continue;
          // `#undef NDEBUG` / `#include <assert.h>`: kept as it is when
          // every later `assert` lies where the branch is on, else with
          // `assert` made conditional after the inclusion.
          auto Assert = Ctx.AssertUndefs.find({In.Path, D});
          if (Assert != Ctx.AssertUndefs.end() &&
              Assert->second.Refusal.empty()) {
            if (Assert->second.Conditional)
              makeAssertConditional(D, *Assert->second.Presence);
            continue;
          }
          if (Assert != Ctx.AssertUndefs.end())
            return errorAt(Dv, "#undef NDEBUG inside a conditional on "
                               "feature " +
                                   featuresOf(G) +
                                   " cannot be kept unconditionally: " +
                                   Assert->second.Refusal +
                                   "; turn the assertions on with the "
                                   "feature's own macro instead (`#define "
                                   "my_assert(c) ((c) ? (void)0 : abort())`)");
          auto Redefined = redefineOverDefault(GI, BI, D);
          if (!Redefined)
            return Redefined.takeError();
          if (*Redefined) {
            Redefines.insert(Dv.Macro);
            continue;
          }
          std::string TestedHint;
          if (auto At = Ctx.TestedAt.find(Dv.Macro); At != Ctx.TestedAt.end())
            TestedHint = "; a helper macro defined and undefined in one "
                         "branch is kept as it is only if no #if tests it, "
                         "and '" +
                         Dv.Macro + "' is tested at " + At->second;
          return errorAt(Dv, "#undef inside a conditional on feature " +
                                 featuresOf(G) +
                                 " is not supported (except `#undef M` / "
                                 "`#define M ...` over one earlier "
                                 "definition of M in this file that no "
                                 "feature conditions and no #if tests, and "
                                 "`#define M ...` / its uses / `#undef M` "
                                 "in the same branch)" +
                                 TestedHint);
        }
        if (Dv.Kind == DirectiveKind::Error)
          return errorAt(Dv, "#error inside a conditional on feature " +
                                 featuresOf(G) +
                                 " that some valid configuration reaches");
        if (Dv.Kind == DirectiveKind::Define && !Redefines.count(Dv.Macro))
          Defs[Dv.Macro].push_back({BI, D});
      }
    }
    for (auto &[Macro, List] : Defs) {
      const Directive &First = dir(List.front().second);
      // Another definition of the name outside this conditional (in
      // another file, or in this one outside the group): possibly another
      // header's macro of the same name, which no feature of the model can
      // stand for (zlib: deflate.h's GZIP per NO_GZIP, gzguts.h's `#define
      // GZIP 2`, a mode).
      std::string Elsewhere;
      if (auto It = Ctx.DefinedAt.find(Macro); It != Ctx.DefinedAt.end())
        for (const ProjectContext::DefineSite &S : It->second) {
          bool InGroup =
              S.File == In.Path &&
              S.Line >= dir(G.Branches.front().DirectiveIndex).Line &&
              S.Line <= dir(G.EndifIndex).Line;
          if (!InGroup) {
            Elsewhere = S.Shown;
            break;
          }
        }
      if (Ctx.TestedMacros.count(Macro)) {
        auto At = Ctx.TestedAt.find(Macro);
        std::string Where =
            At == Ctx.TestedAt.end() ? "elsewhere" : "at " + At->second;
        if (!Elsewhere.empty())
          return errorAt(First,
                         "macro '" + Macro + "' is defined per feature (" +
                             featuresOf(G) + ") and tested by #if " + Where +
                             "; it is also defined at " + Elsewhere +
                             ", outside this conditional: if that is another "
                             "macro that shares the name (another header's "
                             "meaning), rename the per-feature one (a feature "
                             "of the model cannot stand for both); if it is a "
                             "default, define it in an #else of this "
                             "conditional instead");
        return errorAt(First, "macro '" + Macro + "' is defined per feature (" +
                                  featuresOf(G) + ") and tested by #if " +
                                  Where +
                                  ", which cannot become a run-time test; "
                                  "if that test gives it a default (`#if "
                                  "!defined(" +
                                  Macro +
                                  ")`), define the default in an #else of "
                                  "this conditional instead; otherwise make "
                                  "it a feature of the model");
      }
      std::set<unsigned> Branches;
      for (auto &[BI, D] : List)
        Branches.insert(BI);
      bool Everywhere =
          Branches.size() == LiveBranches && List.size() == LiveBranches;
      if (!HasElse) {
        std::vector<CondPtr> None;
        for (const CondGroup::Branch &B : G.Branches)
          None.push_back(makeNot(B.Condition));
        CondPtr Outer = G.ParentGroup
                            ? FG.Groups[*G.ParentGroup].Presence[G.ParentBranch]
                            : makeInt(1);
        None.push_back(Outer);
        if (isSatisfiable(*makeAnd(None), F))
          Everywhere = false;
      }
      std::set<std::string> Bodies;
      for (auto &[BI, D] : List)
        Bodies.insert(dir(D).Body);
      if (Bodies.size() == 1 && List.size() == Branches.size() && Everywhere) {
        for (size_t I = 1; I < List.size(); ++I)
          Replace[List[I].second] += "";
        continue;
      }
      // Defined only where every use of its name is (docs/rewriter.md):
      // the definitions are kept (one if identical), or selected among
      // the defining branches.
      // Confined, and also defined in another group of this file: an
      // unread macro (findConfinedMacros), whose tests are resolved; its
      // definitions are dropped (kept, they would redefine each other).
      // (A definition an #undef ends before this group, `#define ROTL8(x)
      // ...` / uses / `#undef ROTL8`, is not another one: its uses are
      // its own, findConfinedMacros.)
      bool ElsewhereToo = false;
      for (unsigned DI = 0; DI < FS.Directives.size(); ++DI)
        if (dir(DI).Kind == DirectiveKind::Define && dir(DI).Macro == Macro &&
            llvm::none_of(G.Branches, [&](const CondGroup::Branch &B) {
              return llvm::is_contained(B.Directives, DI);
            })) {
          unsigned Next = DI + 1;
          while (Next < FS.Directives.size() && dir(Next).Macro != Macro)
            ++Next;
          bool Closed = Next < G.Branches.front().DirectiveIndex &&
                        dir(Next).Kind == DirectiveKind::Undef;
          ElsewhereToo = ElsewhereToo || !Closed;
        }
      if (!Everywhere && Ctx.ConfinedMacros.count(Macro) && ElsewhereToo) {
        for (auto &[BI, D] : List)
          Replace[D] += "";
        continue;
      }
      if (!Everywhere && Ctx.ConfinedMacros.count(Macro)) {
        Everywhere = true;
        if (Bodies.size() == 1 && List.size() == Branches.size()) {
          for (size_t I = 1; I < List.size(); ++I)
            Replace[List[I].second] += "";
          continue;
        }
      }
      if (!Everywhere)
        if (auto Sel =
                selectFunctionOrMacro(GI, Macro, List, LiveBranches, HasElse);
            !Sel || *Sel) {
          if (!Sel)
            return Sel.takeError();
          Replace[List.front().second] = **Sel;
          for (size_t I = 1; I < List.size(); ++I)
            Replace[List[I].second] += "";
          continue;
        }
      if (!Everywhere) {
        // A hook given a default in another conditional or file (`#if
        // defined(USE_CHECK)` / `#define check(e) assert(e)`, elsewhere
        // `#if !defined(check)` / `#define check(e) ((void)0)`).
        auto Sel = selectAcrossSites(Macro);
        if (!Sel)
          return Sel.takeError();
        if (!*Sel)
          return errorAt(
              First,
              "macro '" + Macro +
                  "' is defined only in some branches of the conditional on "
                  "feature " +
                  featuresOf(G) + "; cannot select it at run time" +
                  usedOutsideHint(Macro, Ctx) +
                  (Elsewhere.empty()
                       ? std::string()
                       : "; it is also defined at " + Elsewhere +
                             ", outside this conditional: if that is another "
                             "macro that shares the name (another header's "
                             "meaning), rename one of them; if it is a "
                             "default, define it in an #else of this "
                             "conditional instead"));
        Replace[List.front().second] = **Sel;
        for (size_t I = 1; I < List.size(); ++I)
          Replace[List[I].second] += "";
        continue;
      }
      // `#ifdef TESTING #define STATIC #else #define STATIC static`: the
      // empty definition is kept (every function and variable it begins
      // is then external). The safety pass (docs/safety.md) refused the
      // uses where that shows: a local or member made static, a name that
      // several translation units define.
      std::set<std::string> Replacements;
      bool AnyFunctionLike = false;
      for (auto &[BI, D] : List) {
        Replacements.insert(llvm::StringRef(dir(D).Replacement).trim().str());
        AnyFunctionLike = AnyFunctionLike || dir(D).FunctionLike;
      }
      // Likewise `API` as a visibility attribute or empty, `HELPER` as
      // `static inline` or `static` (rewrite/LinkageMacros.h): one
      // definition for every configuration.
      if (!AnyFunctionLike &&
          Replacements != std::set<std::string>{"", "static"}) {
        if (auto Kept =
                keptLinkage({Replacements.begin(), Replacements.end()})) {
          Replace[List.front().second] = "#define " + Macro + " " + *Kept;
          for (size_t I = 1; I < List.size(); ++I)
            Replace[List[I].second] += "";
          continue;
        }
      }
      if (!AnyFunctionLike &&
          Replacements == std::set<std::string>{"", "static"}) {
        bool Kept = false;
        for (auto &[BI, D] : List) {
          if (!Kept && llvm::StringRef(dir(D).Replacement).trim().empty())
            Kept = true;
          else
            Replace[D] += "";
        }
        continue;
      }
      std::vector<MacroVariant> Variants;
      for (size_t I = 0; I < List.size(); ++I) {
        const Directive &Dv = dir(List[I].second);
        CondPtr Own = hasPlatformPart(GI) ? runtimeOwn(GI, List[I].first)
                                          : FG.Groups[GI].Own[List[I].first];
        Variants.push_back({In.Path, Dv.Line, Dv.Column, Dv.Body,
                            Dv.Replacement, Dv.FunctionLike, Own});
      }
      auto Text = selectionDefine(Macro, featuresOf(G), Variants);
      if (!Text)
        return Text.takeError();
      Replace[List.front().second] = *Text;
      for (size_t I = 1; I < List.size(); ++I)
        Replace[List[I].second] += "";
    }
  }
  return llvm::Error::success();
}

std::string FileRewriter::featureValued(const std::string &Macro) const {
  if (F.isFeatureMacro(Macro))
    return Macro;
  auto Sites = Ctx.DefinedAt.find(Macro);
  if (Sites == Ctx.DefinedAt.end())
    return "";
  std::string Feature;
  for (const ProjectContext::DefineSite &S : Sites->second)
    forEachIdentifier(S.Replacement, [&](llvm::StringRef W, bool, unsigned) {
      if (Feature.empty() && F.isFeatureMacro(W))
        Feature = W.str();
    });
  return Feature;
}

llvm::Error FileRewriter::refuseStringifiedMacros() {
  std::optional<MacroUse> First;
  for (const ParseView &V : In.Parses)
    for (const MacroUse &U : V.Facts->StringifiedMacros) {
      auto It = Ctx.PerFeatureMacros.find(U.Macro);
      // Defined in several groups (a clamp per feature, then an `#ifndef`
      // default): selected across its sites, as different a text.
      bool Selected = It == Ctx.PerFeatureMacros.end()
                          ? definedPerFeature(U.Macro)
                          : It->second.distinctBodies() > 1;
      if (Selected && (!First || U.Offset < First->Offset))
        First = U;
    }
  // String literals of different lengths: the selection is a pointer, the
  // variant's an array (M3).
  for (const ParseView &V : In.Parses)
    for (const MacroUse &U : V.Facts->TypeOperandMacros) {
      auto It = Ctx.PerFeatureMacros.find(U.Macro);
      if (It == Ctx.PerFeatureMacros.end() ||
          (First && First->Offset < U.Offset))
        continue;
      std::set<std::string> Types;
      for (const std::string &D : It->second.Definitions)
        if (!D.empty())
          Types.insert(literalType(llvm::StringRef(D).split(' ').second));
      if (Types.size() > 1)
        return error(U.Offset,
                     "the macro '" + U.Macro + "' defined per feature (" +
                         It->second.Features + ") is '" + *Types.begin() +
                         "' in one branch and '" + *std::next(Types.begin()) +
                         "' in another, and its type is used here; "
                         "selected at run time it would have one type in "
                         "every variant");
    }
  // A feature's value spelled into a string (`"level=" VAL(LEVEL)`, or
  // through a macro whose body names the feature): the variant's literal
  // holds the value, the simulator's the text of the run-time read that
  // replaces the name. (The globals pass copies a function or declaration
  // doing so per value: what is left here it could not copy.)
  std::optional<MacroUse> FeatureText;
  std::string ReadFeature;
  for (const ParseView &V : In.Parses)
    for (const MacroUse &U : V.Facts->StringifiedMacros) {
      if (FeatureText && FeatureText->Offset <= U.Offset)
        continue;
      std::string Feature = featureValued(U.Macro);
      if (Feature.empty())
        continue;
      FeatureText = U;
      ReadFeature = Feature;
    }
  if (FeatureText && (!First || FeatureText->Offset < First->Offset))
    return error(
        FeatureText->Offset,
        (FeatureText->Macro == ReadFeature
             ? "the feature macro '" + ReadFeature + "'"
             : "the macro '" + FeatureText->Macro +
                   "', whose expansion reads the feature macro '" +
                   ReadFeature + "',") +
            " is stringified here; the variant's string holds the feature's "
            "value, which differs per variant, and a string literal cannot "
            "be selected at run time (format the value at run time, e.g. "
            "printf(\"%d\", " +
            ReadFeature + "), or leave '" + ReadFeature +
            "' out of the feature model as a constant of the build)");
  if (!First)
    return llvm::Error::success();
  auto Known = Ctx.PerFeatureMacros.find(First->Macro);
  return error(First->Offset,
               "the macro '" + First->Macro + "' defined per feature" +
                   (Known == Ctx.PerFeatureMacros.end()
                        ? std::string()
                        : " (" + Known->second.Features + ")") +
                   " is stringified here; its text differs per variant and "
                   "a string literal cannot be selected at run time");
}

} // namespace varsim::rewrite::detail
