//===- rewrite/globals/LoweringState.h - The lowering's records -*- C++ -*-===//
//
// The records the pieces of the file-scope lowering (GlobalVariants.cpp)
// pass to each other, and the pieces' entry points. Three records, filled
// in this order:
//   - Discovered: the input, the feature groups, the project's macros and
//     the facts of the parses (Discovery.cpp); read-only afterwards;
//   - ItemTable: the items, their decisions and copies, the withdrawn
//     ones (ItemClosure.cpp, the fixed point; CopyPlan.cpp, the copies);
//   - Additions: what the pass adds to the texts (edits, appended copies,
//     dispatchers, the site list), written by the per-kind lowerings and
//     turned into texts by RenderFiles.cpp.
// Internal to rewrite/globals/.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_GLOBALS_LOWERINGSTATE_H
#define VARSIM_REWRITE_GLOBALS_LOWERINGSTATE_H

#include "rewrite/FeatureGroups.h"
#include "rewrite/FunctionCopies.h"
#include "rewrite/PassThroughLines.h"
#include "rewrite/TextEdits.h"
#include "rewrite/globals/BoundLayout.h"
#include "rewrite/globals/GlobalFacts.h"
#include "rewrite/globals/GlobalVariants.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace varsim::rewrite::globals::lowering {

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

/// What discovery established (Discovery.cpp): read-only for the pieces
/// after it.
struct Discovered {
  explicit Discovered(const GlobalsInput &In) : In(In) {}

  const GlobalsInput &In;
  std::map<std::string, FileGroups> Groups;
  std::map<std::string, std::vector<MacroDef>> MacroDefs; ///< By name.
  std::set<std::string> PerFeature; ///< Defined in feature branches.
  std::set<std::string> Watched;    ///< PerFeature, features, derived.
  /// Function-like macros that may stringify an argument (by name).
  std::set<std::string> Stringifiers;
  /// Feature macros, and macros whose body names one: stringified, their
  /// text is a feature's value (`#define LVL LEVEL`). Not a macro that
  /// reaches a feature only through other macros (Lua's `api_check`
  /// arguments, stringified by `assert`, name macros whose expansion
  /// selects `lua_assert` per LUAI_ASSERT: a message, not a value).
  std::set<std::string> FeatureValued;
  GlobalFacts Facts;
  bool AnyCxx = false, AnyC = false;
  std::vector<std::vector<std::string>> ParseDefines;

  /// Whether File is compiled as C++ (a header: by the project's TUs).
  bool cxxFile(const std::string &File) const;
  const std::string &text(const std::string &File) const {
    return In.Texts.at(File);
  }
  const FileStructure &structure(const std::string &File) const {
    return In.Structures.at(File);
  }
  llvm::Error located(const std::string &File, unsigned Line, unsigned Col,
                      const std::string &Msg) const;
  /// The innermost feature group holding Offset, if any.
  std::optional<unsigned> innermostFeatureGroup(const std::string &File,
                                                unsigned Offset) const;
  bool namesWatched(llvm::StringRef Body) const;
  /// Whether some unit read File (known once the units are parsed): the
  /// definitions of a file no unit reads neither decide nor give a value.
  bool unitsRead(const std::string &File) const;
  bool onDirectiveLine(const std::string &File, unsigned Offset) const;
};

/// The items (ItemClosure.cpp) and their copies (CopyPlan.cpp).
struct ItemTable {
  std::map<std::string, Item> Items; ///< By entity or function key.
  /// Items left alone: the later stages see their original text (the
  /// union, or their own located refusal), as before this pass existed.
  std::set<std::string> Withdrawn;
  /// Functions withdrawn for a #define, #undef or #include in their text:
  /// the first one (Refusals.cpp names it where that leaves an enumeration
  /// to a certain refusal).
  /// With the first enumerator it uses whose value shifts (Enum: the
  /// enumeration's key, EnumText: its description; empty if none).
  struct DirectiveInFunction {
    const Directive *Dir;
    std::string File, Name;
    std::string Enum, EnumText, Member;
  };
  std::map<std::string, DirectiveInFunction> DirectiveIn;
  std::optional<fm::Configuration> BaseCfg;
  /// Tables filled at start-up instead of copied (FilledTables.cpp): left
  /// out of the items like withdrawn ones (their users do not vary).
  std::set<std::string> Filled;
  /// Fillable tables whose count a copied function reads: copied.
  std::set<std::string> Unfillable;

  bool withdrawn(const Item &I) const { return Withdrawn.count(I.Key) != 0; }
};

/// What the pass adds to the texts.
struct Additions {
  std::map<std::string, std::set<Edit>> Edits;
  /// Per file: the appended copies in source order, the dispatchers.
  std::map<std::string, std::string> Appended, Dispatchers;
  std::vector<templates::LoweredSite> UnionSites;
  /// Member arrays whose bound is lowered to its largest value.
  std::vector<LoweredBound> LoweredBounds;
  /// Per file: the macros of one configuration already defined there.
  std::map<std::string, std::set<std::string>> DefinedMacros;
};

// --- Text helpers (LoweringText.cpp) -------------------------------------

llvm::Expected<std::string> applyEdits(const std::string &File,
                                       llvm::StringRef Text, unsigned Base,
                                       const std::set<Edit> &Edits);
/// Only the newlines of Text (a removed range keeps its line count).
std::string newlinesOf(llvm::StringRef Text);
std::string sanitize(llvm::StringRef S);
/// A name suffix from a condition ("VIM && !NUMPAD" -> "VIM_not_NUMPAD").
std::string suffixOf(llvm::StringRef CondText);
/// The condition in preprocessor syntax.
std::string ppCondition(const Cond &C);
/// Text on one line, comments dropped.
std::string oneLine(llvm::StringRef Text);

template <class Fn> void forIdentifiers(llvm::StringRef S, Fn F) {
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

/// Whether Offset lies in one of D's opaque ranges.
inline bool isOpaque(const EntityDef *D, unsigned Offset) {
  return D && std::any_of(D->Opaque.begin(), D->Opaque.end(),
                          [&](const std::pair<unsigned, unsigned> &R) {
                            return Offset >= R.first && Offset < R.second;
                          });
}

// --- Discovery (Discovery.cpp) -------------------------------------------

void collectMacroDefs(Discovered &Dx);
/// Whether some file may hold file-scope variability (a lexical scan).
bool precheck(const Discovered &Dx);
/// Parses every unit in configurations covering every feature branch.
/// False if one does not compile: then the project is left alone, and
/// the later stages report the error at its location.
bool parseAll(Discovered &Dx);

// --- Macro values (MacroValues.cpp) --------------------------------------

/// The decisions that fix a watched macro's value at a use at Offset of
/// File (the definitions macroValue may choose there, and the watched
/// names in their bodies).
void macroDecisions(const Discovered &Dx, const std::string &Macro,
                    DecisionSet &Out, const std::string &File, unsigned Offset);
/// The text a watched object-like macro stands for under Cfg, its
/// watched names replaced recursively; nullopt if it cannot be told
/// (function-like, undefined).
std::optional<std::string>
macroValue(const Discovered &Dx, const std::string &Macro,
           const fm::Configuration &Cfg, const std::string &File,
           unsigned Offset, int Depth = 0,
           std::map<std::string, std::string> *FunctionLike = nullptr);

// --- The items and their closure (ItemClosure.cpp) -----------------------

void buildItems(const Discovered &Dx, ItemTable &Tab, Additions &Add);
/// Returns whether something was withdrawn.
bool withdrawUnlowerable(const Discovered &Dx, ItemTable &Tab);

// --- Names used across files (CrossUnit.cpp) -----------------------------

/// A C function with external linkage defined in several files is not one
/// item across units: its definitions and the references in their files
/// get per-file keys again.
void separateExternDefinitions(GlobalFacts &Facts);
/// Whether a feature group before F's name chooses its return type.
bool returnTypePerFeature(const Discovered &Dx, const FunctionDef &F);
/// Whether prototype P of a function whose signature varies can declare
/// the function's copies (in a header, not declared by a macro); if not,
/// Why says what it is.
bool prototypeLowerable(const Discovered &Dx, const FunctionProto &P,
                        std::string *Why = nullptr);
/// Whether function item I has a lowerable prototype in a header: then
/// units other than its own call its copies.
bool declaredInAHeader(const Discovered &Dx, const Item &I);
/// Whether the extern redeclarations of variable item I can declare its
/// copies (each one's text can be repeated).
bool redeclsLowerable(const Discovered &Dx, const Item &I);
/// A variant function's prototypes: its copies declared under their
/// conditions at the end of the prototype's file.
llvm::Error renderPrototypes(const Discovered &Dx, const ItemTable &Tab,
                             Additions &Add, const Item &I);
/// Extern redeclarations of variant variables: their copies declared
/// beside them.
void renderRedecls(const Discovered &Dx, const ItemTable &Tab, Additions &Add);
/// A feature group that opens after a function's first words and holds a
/// whole definition per branch: the words moved into each branch
/// (SplitHeads.cpp).
void splitSharedHeads(const Discovered &Dx, const ItemTable &Tab,
                      Additions &Add);

// --- Enumerations (EnumValues.cpp) ---------------------------------------

std::vector<const EnumeratorFact *> enumeratorsOf(const Discovered &Dx,
                                                  const Item &I);
bool enumeratorPresent(const Discovered &Dx, const Item &I,
                       const std::string &Name, const fm::Configuration &Cfg);
void classifyEnum(const Discovered &Dx, Additions &Add, Item &I);
llvm::Error checkEnumValues(const Discovered &Dx, const Item &I);
llvm::Error renderEnumValues(const Discovered &Dx, const ItemTable &Tab,
                             Additions &Add, const Item &I);

// --- Member array bounds (LargestBounds.cpp) -----------------------------

void lowerBoundsToLargest(const Discovered &Dx, Additions &Add, Item &I);
llvm::Error judgeBounds(const Discovered &Dx, const Additions &Add);

// --- Messages and refusals (Refusals.cpp) --------------------------------

std::string featuresOf(const Discovered &Dx, const Item &I);
std::string describe(const Discovered &Dx, const Item &I);
/// What cannot be lowered: located errors, first in source order.
llvm::Error checkRefusals(const Discovered &Dx, const ItemTable &Tab);

// --- The copies (CopyPlan.cpp) -------------------------------------------

std::vector<Decision> decisionsOf(const Discovered &Dx, const Item &I);
/// FailedKey: the item whose copies could not be planned (on error).
llvm::Error planItems(const Discovered &Dx, ItemTable &Tab,
                      std::string *FailedKey = nullptr);
/// The copy of Target that runs in Cfg, if any.
const Copy *copyFor(const Discovered &Dx, const Item &Target,
                    const fm::Configuration &Cfg);

// --- The copies' text (CopyText.cpp) -------------------------------------

llvm::Error
copyEdits(const Discovered &Dx, const ItemTable &Tab, const Item &I,
          const Copy &C, const std::string &File, unsigned Begin, unsigned End,
          bool InPlace, std::set<Edit> &Out,
          std::map<std::string, std::string> &Defines,
          std::map<std::string, std::string> *MacroDefinesOut = nullptr);
llvm::Expected<std::string> appended(const Discovered &Dx, const ItemTable &Tab,
                                     Additions &Add, const Item &I,
                                     const Copy &C, const std::string &File,
                                     unsigned Begin, unsigned End,
                                     const NamespaceChain &NS);
std::string headOf(const Discovered &Dx, const FunctionDef &F,
                   bool StripDefaults);
/// headOf as a declaration: a K&R definition's (FunctionDef::OldStyle)
/// without its parameters.
std::string declarationHeadOf(const Discovered &Dx, const FunctionDef &F,
                              bool StripDefaults);
std::string dispatcher(const Discovered &Dx, const Item &I);
/// Whether a #if line lies inside F's header (a return type or a
/// parameter under a feature): then its head is kept on its lines.
bool headHasDirective(const Discovered &Dx, const FunctionDef &F);

// --- Tables filled at start-up (FilledTables.cpp) -----------------------

/// Where a fillable table's parts are in its file.
struct FilledLayout {
  unsigned Open = 0, Close = 0; ///< Its initializer's braces.
  /// An entry: [Begin, End) up to its last token, and its comma.
  struct Entry {
    unsigned Begin = 0, End = 0;
    std::optional<unsigned> Comma;
  };
  std::vector<Entry> Entries;
  /// `sizeof t / sizeof t[0]` in function bodies.
  std::vector<std::pair<unsigned, unsigned>> CountUses;
};

/// The layout of item I if it can be filled at start-up: a static C
/// array of unspecified size, its entries scalar expressions, used in
/// function bodies as a pointer, an element or in the count idiom; else
/// nullopt with Why.
std::optional<FilledLayout> filledLayout(const Discovered &Dx, const Item &I,
                                         std::string &Why);
/// A filled table whose count is read in a function copied per
/// configuration for another reason (its copies are made of the original
/// text), "" if none.
std::string filledTableReadInACopy(const Discovered &Dx, const ItemTable &Tab);
/// The edits that fill table I at start-up; returns the features its
/// entries depend on.
llvm::Expected<std::string> renderFilledTable(const Discovered &Dx,
                                              const ItemTable &Tab,
                                              Additions &Add, const Item &I);

// --- The texts (RenderFiles.cpp) -----------------------------------------

llvm::Error render(const Discovered &Dx, const ItemTable &Tab, Additions &Add,
                   GlobalsResult &Result);

} // namespace varsim::rewrite::globals::lowering

#endif // VARSIM_REWRITE_GLOBALS_LOWERINGSTATE_H
