//===- rewrite/FileRewriter.h - The edits of one source file ----*- C++ -*-===//
//
// Turns the feature groups of one project file into run-time variability,
// given what every parse of every translation unit said about the file:
// statement blocks become if/else on the runtime's flags (declarations
// hoisted), declaration-level blocks are compiled always, functions get
// markers, renamed variants and feature switches are emitted, and macros
// defined per branch are merged into one run-time selection.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_FILEREWRITER_H
#define VARSIM_REWRITE_FILEREWRITER_H

#include "rewrite/AssertUndefs.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/MarkerPolicy.h"
#include "rewrite/ParseFacts.h"
#include "rewrite/Rewriter.h"
#include "runtime/SimulatorTables.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite {

struct Renaming {
  std::string Original, Renamed, Condition, File;
  unsigned Line = 0;
};

/// One function defined in several branches (of one file or of several):
/// its variants are renamed and a switch under the original name, emitted
/// in the file of the last variant, dispatches between them.
struct SwitchPlan {
  struct Variant {
    std::string File;
    const FunctionFact *Fn = nullptr;
    std::string Renamed;
    std::string Condition, Code; ///< Presence condition: text and C.
    std::string Header;          ///< Its declarator, with the new name.
    /// Header as a declaration: for a K&R definition (FunctionFact::
    /// OldStyle) without its parameters (`int f_v()`), else Header.
    std::string Declaration;
  };
  std::string Name;
  std::string Header;      ///< The switch's declarator (original name).
  std::string Declaration; ///< Header as a declaration (Variant's).
  std::string OwnerFile;
  std::vector<Variant> Variants; ///< By file, then offset.
};

/// A macro defined in the branches of one feature group: selected at run
/// time where it is a value; where a constant is required, the enclosing
/// function is duplicated and each copy sees one definition.
/// A function versioned per value of the features its body reads
/// (rewrite/FeatureVersions.cpp), for the manifest.
struct FeatureVersioned {
  std::string Name, File; ///< Name: in the sources.
  unsigned Line = 0;
  std::vector<std::string> Features; ///< Fixed in each version (names).
  unsigned Versions = 0;
  /// "entry": the function tests the features once per call and calls its
  /// version; "callers": only versioned callers call its versions.
  std::string Dispatch;
};

/// A function definition without a function marker (ProjectContext).
struct UnmarkedFunction {
  std::string Name, File;
  unsigned Line = 0, EndLine = 0;
};

struct PerFeatureMacro {
  std::vector<CondPtr> Tests, Own; ///< Of its group's branches.
  /// Per branch: "NAME(params) replacement" or "NAME replacement"; "" if
  /// the branch does not define it.
  std::vector<std::string> Definitions;
  std::string Features; ///< The feature macros its group tests.

  /// How many different (non-empty) definitions the branches give.
  size_t distinctBodies() const {
    std::set<std::string> Bodies;
    for (const std::string &D : Definitions)
      if (!D.empty())
        Bodies.insert(D);
    return Bodies.size();
  }
};

/// A function some declaration of which has a feature conditional inside
/// its parameter list: the simulator's function takes the union of the
/// parameters of every configuration, every declaration lists them all, and
/// each call passes them all (an argument under a condition becomes
/// `(c ? (arg) : placeholder)`, a missing one the placeholder).
struct ParamUnion {
  std::string Name;
  std::vector<std::string> Params; ///< In order.
  /// Per parameter: a value of its type ("" if none, and why).
  std::map<std::string, std::string> Placeholder, NoPlaceholder;
};

/// What the whole project shares while its files are rewritten.
struct ProjectContext {
  const FeatureSetup &Features;
  Granularity Detail = Granularity::Region;
  /// Macros tested by some #if in the project (merged macros must not be).
  std::set<std::string> TestedMacros;
  /// For messages: the first #if testing each macro, and every #define
  /// of it ("file:line", relative to the project root).
  std::map<std::string, std::string> TestedAt = {};
  struct DefineSite {
    std::string File, Shown; ///< Absolute; "dir/file.h:3".
    unsigned Line = 0;
    /// The definition: function-like, and its replacement list (an alias
    /// `#define f g` is resolved through g's definitions).
    bool FunctionLike = false;
    std::string Replacement = {};
    std::string Body = {}; ///< "NAME(params) replacement".
    unsigned Offset = 0;   ///< Of the directive in its file.
  };
  std::map<std::string, std::vector<DefineSite>> DefinedAt = {};
  std::vector<SwitchPlan> Switches;
  runtime::SimulatorTables Tables;
  std::vector<Renaming> Renamings;
  /// Macros defined per feature, project-wide (one group each).
  std::map<std::string, PerFeatureMacro> PerFeatureMacros = {};
  /// Macros defined in only some branches of their feature group whose
  /// every use lies where a definition is present (findConfinedMacros):
  /// their definitions are kept unconditionally.
  std::set<std::string> ConfinedMacros = {};
  /// The other macros defined in only some branches: the first place
  /// ("file:line") that names one outside them, for the refusal's hint.
  std::map<std::string, std::string> UsedOutsideAt = {};
  /// Per `#undef NDEBUG` + `#include <assert.h>` in a feature branch (file,
  /// directive index): how it is kept, or why it cannot be
  /// (findAssertUndefs).
  std::map<std::pair<std::string, unsigned>, AssertUndef> AssertUndefs = {};
  /// Every project file's #if structure (to read what a header included
  /// inside a function body defines).
  const std::map<std::string, FileStructure> *Structures = nullptr;
  /// Per file, the parses (indices of the parse results) that read it:
  /// two files no parse reads together never see each other's macros.
  std::map<std::string, std::set<unsigned>> ReadBy = {};
  /// The presence condition of an offset of any project file.
  std::function<CondPtr(const std::string &File, unsigned Offset)> PresenceAt =
      {};
  /// Mark every function (`--granularity all`); otherwise a function
  /// present in every configuration (Base) that has no loop or goto and is
  /// not main gets no marker: its time belongs to its caller, and the
  /// marker of a small hot function costs more than the function.
  bool MarkEveryFunction = false;
  /// The functions left without a marker (for the manifest).
  std::vector<UnmarkedFunction> Unmarked = {};
  /// The functions versioned per feature value (for the manifest).
  std::vector<FeatureVersioned> FeatureVersions = {};
  /// Feature switches and tiny feature blocks left without a marker
  /// (MarkerPolicy.h), per place they are timed in (for the manifest).
  std::vector<UnmarkedCode> UnmarkedFeatureCode = {};
  /// Functions with parameters under a feature conditional, by
  /// ParamListFact::Key.
  std::map<std::string, ParamUnion> ParamUnions = {};
  /// The files whose #if conditions test each macro.
  std::map<std::string, std::set<std::string>> TestedIn = {};
  /// Per file, identifier tokens replaced as they are (a C function
  /// defined per feature with another signature: each use renamed to the
  /// definition it reaches; passes/SignatureSwitches.cpp).
  struct TokenEdit {
    unsigned Offset = 0, Length = 0;
    std::string Text;
  };
  std::map<std::string, std::vector<TokenEdit>> TokenEdits = {};
};

/// The macros defined per branch of exactly one feature group of the
/// files in Parsed.
std::map<std::string, PerFeatureMacro>
collectPerFeatureMacros(const std::map<std::string, FileStructure> &Structures,
                        const std::map<std::string, FileGroups> &Groups,
                        const FeatureSetup &F,
                        const std::set<std::string> &Parsed);

/// One parse of a TU that included the file.
struct ParseView {
  unsigned Config = 0;
  const FileFacts *Facts = nullptr;
};

struct FileInput {
  std::string Path; ///< Absolute path of the original.
  std::string Text; ///< Its contents.
  const FileStructure *Structure = nullptr;
  const FileGroups *Groups = nullptr;
  std::vector<ParseView> Parses;
  std::string GeneratedInclude; ///< The #include line's path.
};

/// The functions whose parameter lists hold feature conditionals, from
/// every parse: their union of parameters, the same at every declaration,
/// or a located error (a declaration listing them differently, a parameter
/// declared in several branches, a variadic, virtual, overloaded or
/// template function, ...).
llvm::Expected<std::map<std::string, ParamUnion>>
planParameterUnions(const std::map<std::string, std::vector<ParseView>> &Views,
                    const std::map<std::string, FileStructure> &Structures);

/// An identifier fragment for a condition: "!A && B" -> "not_A_and_B".
std::string identifierFor(llvm::StringRef Condition);

/// The rewritten text, or "" if the file needs no change. Regions and
/// renamings are appended to Ctx.
llvm::Expected<std::string> rewriteFile(const FileInput &In,
                                        ProjectContext &Ctx);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_FILEREWRITER_H
