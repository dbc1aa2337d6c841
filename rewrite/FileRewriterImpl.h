//===- rewrite/FileRewriterImpl.h - One file's rewriter ---------*- C++ -*-===//
//
// The class behind rewriteFile (FileRewriter.h), shared by its parts:
// FileRewriter.cpp (the order of the steps, classification, applying the
// edits), InPlaceEncoding.cpp (run-time ifs, hoisting), FunctionMarkers.cpp
// (markers, original names), Lifting.cpp (undisciplined conditionals
// lifted into function copies), InitializerLists.cpp, ParameterGroups.cpp,
// MacroMerging.cpp, MacroBodies.cpp and MacroSelection.cpp (macros defined
// per feature), FeatureSwitches.cpp
// (functions defined per feature), and the smaller step files named in
// docs/architecture.md. Not a public header (included by these files and
// by the unit tests only).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_FILEREWRITERIMPL_H
#define VARSIM_REWRITE_FILEREWRITERIMPL_H

#include "rewrite/FileRewriter.h"
#include "rewrite/FunctionCopies.h"
#include "rewrite/PassThroughLines.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite::detail {

/// How the sentinels around a function that may get feature versions
/// begin (FeatureVersionsPlan.cpp places them, FeatureVersions.cpp reads
/// them).
inline constexpr llvm::StringLiteral FeatureSentinelOpen = "/*varsim-fv:";

/// The identifiers of a text, each with whether every use of it (a whole
/// word of the raw text, comments and literals included) is followed by
/// `(`: read once per file, as onlyCalledInFile asks it of every static
/// function (scanning the whole text per function was a twentieth of
/// SQLite's rewrite).
class CalledNames {
public:
  explicit CalledNames(llvm::StringRef Text);
  /// Whether every whole-word use of Name is followed by `(` (also when
  /// there is none); Name is made of identifier characters.
  bool onlyCalled(llvm::StringRef Name) const {
    auto It = OnlyCalled.find(Name);
    return It == OnlyCalled.end() || It->second;
  }

private:
  llvm::StringMap<bool> OnlyCalled;
};

/// A `static` function of a source file that the file only calls (no
/// address taken): every caller is code of this file. Names, if given,
/// are Text's (the same answer, without a scan of the text).
bool onlyCalledInFile(const FunctionFact &Fn, llvm::StringRef Path,
                      llvm::StringRef Text, const CalledNames *Names = nullptr);

/// Whether Body (a function body, `{` to `}`) of a function named Name
/// only returns the call of the primary template's body: the function
/// that a feature specialization's or overload's lowering gives the
/// configurations without one (templates/FeatureSpecializations.h,
/// FeatureOverloads.h).
bool forwardsToPrimary(llvm::StringRef Body, llvm::StringRef Name);

/// The shape of a macro's replacement list, for selecting it at run time.
struct MacroBody {
  enum Kind { Expression, Void, Empty, DoWhile, Block, Other } K = Other;
  std::string Braced; ///< DoWhile, Block: the `{ ... }` that runs.
  std::string Why;    ///< Other: why (a hint for the user), or empty.
};
MacroBody classifyMacroBody(llvm::StringRef Replacement);

/// A macro defined per feature with a body that is neither an expression
/// nor a statement in some branch (a loop header, `for_each_cpu(c)`): each
/// function using it is copied per configuration (CopiedMacros.cpp).
bool copiedPerConfiguration(const std::string &Name, const PerFeatureMacro &P);

/// The type of a macro body that is one literal (`1.5`, `-1`, `100u`,
/// `4096LL`, `"dbg"`): "double", "int", "unsigned int", "long long",
/// "char[4]", ...; "" for anything else.
std::string literalType(llvm::StringRef Body);

/// Body with every feature macro used as a value replaced by the value the
/// runtime holds (the simulator is compiled without the features' -D
/// flags); Params, operands of `#` and of `defined` are left alone
/// (MacroSelection.cpp).
std::string withFeatureValues(llvm::StringRef Body,
                              const std::set<std::string> &Params,
                              const FeatureSetup &F);

/// Preprocessor lines (each ending in a newline) that give the predefined
/// names __func__, __FUNCTION__ (and __PRETTY_FUNCTION__, C only) the
/// original name inside a renamed definition, and that restore them after
/// it: the variant prints its own name, not the simulator's.
std::string originalNameDefines(llvm::StringRef Name);
std::string originalNameUndefs();

struct Edit {
  unsigned Begin = 0, End = 0;
  std::string Text;
  unsigned Seq = 0;
};

/// Whether an edit of Edits replaces text around Offset or starting at it
/// (a sentinel inserted there would conflict with it).
bool editsAcross(const std::vector<Edit> &Edits, unsigned Offset);

/// Resolved: lifted into per-configuration copies of its function.
/// Defaulted: `#ifndef F / #define F 0 / #endif` for a feature F, removed
/// (the simulator reads F's value at run time).
enum class Level { Untouched, Declarations, Statements, Resolved, Defaulted };

/// Why a group cannot be encoded in place (an undisciplined annotation).
struct Problem {
  unsigned Offset = 0;
  std::string Message;
};

/// A function duplicated per configuration of the features of the
/// conditionals lifted into it.
struct Duplicate {
  const FunctionFact *Fn = nullptr;
  std::set<unsigned> Groups;
  /// Macros a constant expression in it needs per configuration.
  std::set<std::string> Macros;
  CopyPlan Plan;
  std::vector<std::string> Names; ///< Per copy.
  std::vector<unsigned> Regions;  ///< Per copy (function regions).
  /// The dispatcher's region (`--granularity all` only).
  std::optional<unsigned> Switch;
};

struct GroupPlan {
  Level L = Level::Untouched;
  unsigned Compound = 0;
  std::string Function;
  bool FunctionConstexpr = false;
  std::vector<bool> Live, Dead;
  bool InsideDead = false;
};
class FileRewriter {
public:
  FileRewriter(const FileInput &In, ProjectContext &Ctx)
      : In(In), FS(*In.Structure), FG(*In.Groups), Ctx(Ctx), F(Ctx.Features) {}

  llvm::Expected<std::string> run();

private:
  // Located in the user's file: a lowering before this one (pass-through
  // macros) may have added lines, and `#line` restores the numbering
  // after them (originalLine).
  llvm::Error error(unsigned Offset, const llvm::Twine &Msg) {
    unsigned Line = FS.lineOf(Offset);
    unsigned Col = Offset - FS.LineStarts[Line - 1] + 1;
    return makeError(In.Path, originalLine(Line), Col, Msg);
  }
  llvm::Error errorAt(const Directive &D, const llvm::Twine &Msg) {
    return makeError(In.Path, originalLine(D.Line), D.Column, Msg);
  }

  const Directive &dir(unsigned I) const { return FS.Directives[I]; }

  std::string featuresOf(const CondGroup &G);

  bool groupActive(const FileFacts &Facts, unsigned GI) const {
    const CondGroup &G = FS.Groups[GI];
    if (!G.ParentGroup)
      return true;
    const CondGroup &P = FS.Groups[*G.ParentGroup];
    const CondGroup::Branch &B = P.Branches[G.ParentBranch];
    return Facts.isActive(B.ContentBegin, B.ContentEnd) &&
           groupActive(Facts, *G.ParentGroup);
  }

  llvm::Error classify();

  bool hasCode(const CondGroup::Branch &B) const {
    llvm::StringRef Content =
        llvm::StringRef(In.Text).slice(B.ContentBegin, B.ContentEnd);
    return !Content.trim().empty();
  }

  std::string newlines(llvm::StringRef Text) {
    return std::string(Text.count('\n'), '\n');
  }

  /// The original line of a physical line of In.Text: an earlier pass
  /// may have appended code under `#line N` (file-scope copies), whose
  /// regions and `#line`s must name the line it came from.
  unsigned originalLine(unsigned Physical);
  std::optional<PresumedLines> Presumed; ///< originalLine's, once needed.

  unsigned addRegion(runtime::RegionKind K, const std::string &Function,
                     const std::string &Condition, unsigned Line,
                     unsigned EndLine);

  //===--- Conditions mixing features with platform/project macros -------===//

  bool hasPlatformPart(unsigned GI) const {
    return FG.Groups[GI].Separable &&
           llvm::any_of(FG.Groups[GI].PlatformPart,
                        [](const CondPtr &C) { return C != nullptr; });
  }

  /// The first platform part tested before branch BI, as written.
  std::string firstPlatformTest(unsigned GI, size_t BI) const {
    for (size_t J = 0; J < BI; ++J)
      if (const CondPtr &PP = FG.Groups[GI].PlatformPart[J])
        return preprocessorText(*PP);
    return "";
  }

  /// Whether dead branch BI of group GI is dead only because an earlier
  /// test's platform part was taken as true. Whether that part holds in
  /// this build is the preprocessor's to say: a parse that entered every
  /// such earlier branch (or one of them with no feature part, which is
  /// always taken once reached) showed it does; else no parse entered BI to
  /// show it does not, and classifying it as dead could blank live code.
  bool deadOnlyByUnreadPlatformTest(unsigned GI, size_t BI,
                                    const GroupPlan &P) const {
    const CondPtr &IfFalse = FG.Groups[GI].PresenceIfPlatformFalse[BI];
    if (!IfFalse)
      return false;
    for (size_t J = 0; J < BI; ++J)
      if (FG.Groups[GI].PlatformPart[J] && P.Live[J] &&
          !FG.Groups[GI].FeaturePart[J])
        return false;
    bool EveryEarlierPartSeen = true;
    for (size_t J = 0; J < BI; ++J)
      if (FG.Groups[GI].PlatformPart[J])
        EveryEarlierPartSeen = EveryEarlierPartSeen && P.Live[J];
    return !EveryEarlierPartSeen && isSatisfiable(*IfFalse, F);
  }

  /// The helper macro holding a branch's compile-time part (0 or 1).
  std::string helperName(unsigned GI, size_t BI) const {
    return "VARSIM_PP_" +
           std::to_string(dir(FS.Groups[GI].Branches[0].DirectiveIndex).Line) +
           "_" + std::to_string(BI);
  }

  /// A branch's test with its compile-time part read from its helper.
  CondPtr runtimeTest(unsigned GI, size_t BI) const;

  /// A branch's own condition (earlier tests false), as runtimeTest.
  CondPtr runtimeOwn(unsigned GI, size_t BI) const;

  static std::string preprocessorText(const Cond &C) {
    return printCondition(C, [](llvm::StringRef M, bool Defined) {
      return Defined ? "defined(" + M.str() + ")" : M.str();
    });
  }

  /// A group whose tests are `platform && features`: the preprocessor
  /// computes each platform part into a helper macro (at the #if), the
  /// run-time if reads it, and statements of a branch stay inside a
  /// preprocessor #if on its platform part (they may not compile
  /// elsewhere). #line keeps the original line numbers.
  void encodeMixed(unsigned GI);
  /// The region marker opening a statement-level branch's block, or "".
  std::string branchMarker(unsigned GI, size_t BI);

  llvm::Error encodeGroups();

  /// Drops the repeats of a member declared alike in several branches.
  void dropRepeatedMembers();

  /// The outermost statement-level group around GI in the same block.
  unsigned anchorOf(unsigned GI) const;

  /// Hoists the declarations of statement-level blocks that the code after
  /// the block uses. Dry: only finds the blocks whose declarations cannot
  /// be hoisted (appended to Found, to be lifted), and edits nothing.
  llvm::Error
  hoistDeclarations(bool Dry, std::vector<std::pair<unsigned, Problem>> *Found);

  /// A `case` label of statement-level group GI, directly in the switch
  /// body C: kept unconditionally with `if (!(presence)) goto <the
  /// switch's default>;` (or `break;` without a default) after it, so that
  /// the switch's jump to it where the branch is off goes where the
  /// variant's switch goes (fall-through reaches it only through the
  /// branch's own run-time `if`). Edits unless Dry. "" if lowered, else
  /// why not (for the refusal).
  std::string guardCaseLabel(const CompoundFact &C, const StmtFact &S,
                             unsigned GI, bool Dry);

  /// `#ifndef F` / `#define F 0` / `#endif` for a feature F (any value for
  /// a numeric F, which every configuration defines): the default of a
  /// feature tested by value, which the simulator reads at run time.
  bool isDefaulting(unsigned GI) const;

  /// The directive whose lines hold Offset, if any.
  std::optional<unsigned> directiveAt(unsigned Offset) const {
    auto It = llvm::partition_point(
        FS.Directives, [&](const Directive &D) { return D.End <= Offset; });
    if (It == FS.Directives.end() || It->Begin > Offset)
      return std::nullopt;
    return static_cast<unsigned>(It - FS.Directives.begin());
  }

  /// Feature macros used as values (`printf("%d", LEVEL)`) read the
  /// runtime's value (the simulator is compiled without their -D flags).
  void replaceFeatureValues();

  /// Functions whose constant expressions (case labels, array bounds, ...)
  /// use a macro defined per feature or a feature macro are duplicated per
  /// configuration; at file scope such a use is a located error.
  llvm::Error liftConstantUses();
  /// The functions using a copiedPerConfiguration macro, copied per
  /// configuration (CopiedMacros.cpp).
  llvm::Error liftCopiedMacros();

  /// Feature values in the initializer of a writable file-scope C variable
  /// (SQLite's `struct Sqlite3Config sqlite3Config = {
  /// SQLITE_DEFAULT_MEMSTATUS, ... }`): the initializer takes the first
  /// combination's values, a `const` copy per other combination follows
  /// the declaration, and a constructor copies the running configuration's
  /// into the variable at start-up (StaticInits.cpp).
  llvm::Error
  lowerStaticInitializer(const std::vector<const ConstantUse *> &Uses);
  /// Code under a feature that runs without being called (constructors
  /// and destructors by attribute, static registrar objects, destructors
  /// under a feature within their class): guarded by its presence
  /// condition (StartupCode.cpp, rewrite/safety/StartupLowering.h).
  llvm::Error lowerStartupCode();

  //===--- Lifting undisciplined conditionals into function copies -------===//

  void collectFunctions();

  /// The innermost function (not a lambda) whose text holds [B, E).
  const FunctionFact *enclosingFunction(unsigned B, unsigned E) const;

  /// Why Fn cannot be duplicated per configuration (nullptr: it can).
  const char *notDuplicable(const FunctionFact &Fn) const;

  /// Lifts group GI into copies of its function, or explains why not.
  llvm::Error lift(unsigned GI, const Problem &Pr);

  /// Resolved groups of a function and every feature group of its body
  /// that tests one of their features (a copy fixes those features).
  void closeOverFeatures();

  llvm::Error liftProblems();

  /// Parameters under a feature conditional (ProjectContext::ParamUnions):
  /// the conditionals inside parameter lists and around the arguments of
  /// calls are compiled always (the union), the arguments under a
  /// condition selected at run time, the missing ones given placeholders.
  llvm::Error resolveParameterGroups();

  /// Whether Fn's parameter list holds a feature conditional.
  bool hasConditionalParams(const FunctionFact &Fn) const;

  /// Keeps #ifs around constructor initializers where that is unobservable.
  llvm::Error resolveInitializerLists();

  /// The copies of each duplicated function, their names and regions.
  llvm::Error planDuplicates();

  /// The text of a duplicated function: a declaration (for recursion),
  /// its copies, the dispatcher; each from its original line (#line).
  llvm::Expected<std::string> renderDuplicate(const Duplicate &D,
                                              const std::vector<Edit> &Inner);

  llvm::Error mergeMacros();
  void makeAssertConditional(unsigned Undef, const Cond &Presence);

  /// One definition of a macro to select at run time.
  struct MacroVariant {
    std::string File;
    unsigned Line = 0, Column = 0;
    std::string Body, Replacement; ///< "NAME(params) text"; "text".
    bool FunctionLike = false;
    CondPtr Own; ///< Where it is the one in force (a run-time test).
  };
  /// The `#define` selecting among Vs at run time (the last needs no
  /// test), or a located error when a body cannot be selected.
  llvm::Expected<std::string>
  selectionDefine(const std::string &Macro, const std::string &Features,
                  const std::vector<MacroVariant> &Vs);
  /// A macro whose #define sites across the project (conditionals, files)
  /// are present in exclusive configurations that cover every valid one:
  /// the selecting #define that every site gets; nullopt if not so.
  llvm::Expected<std::optional<std::string>>
  selectAcrossSites(const std::string &Macro);
  /// Whether Offset of File lies in a branch whose test the derived-macro
  /// resolver settled to 0 (no configuration enters it).
  bool settledOff(const std::string &File, unsigned Offset) const;
  /// Whether some parse reads File together with this file: a header no
  /// unit reads with this one (Lua's auxiliary library header and its core
  /// limits header each define the assertion macro) defines nothing here.
  bool readWithThis(const std::string &File) const;
  /// An #if that tests a macro defined per feature but reads the same in
  /// every configuration: written as that value (rewrite/SettledTests.cpp).
  void settleResolvedTests();
  /// An #if left to the preprocessor that tests a macro some #define
  /// defines only where features decide, reachable where that #define is
  /// absent: the simulator's preprocessor reads one state of the macro in
  /// every configuration. A located error (rewrite/SettledTests.cpp).
  llvm::Error refusePerFeatureTests();
  /// Whether Offset of File lies right in a branch of a feature group (not
  /// in a group of platform tests inside one).
  bool directlyUnderFeature(const std::string &File, unsigned Offset) const;
  /// Whether some #define of M in the project lies under a feature.
  bool definedPerFeature(const std::string &M) const;
  bool selectedAcrossSites(const std::string &M) const;
  /// `#if FEATURE_TEST` / `#undef M` / `#define M v` / `#endif` over one
  /// earlier, unconditional definition of M (a default) in this file
  /// (SQLite's `#if SQLITE_THREADSAFE==0` / `#undef
  /// SQLITE_MAX_WORKER_THREADS` / `#define SQLITE_MAX_WORKER_THREADS 0`):
  /// the #undef is kept, the #define selects between v and the earlier
  /// body. False if not that idiom.
  llvm::Expected<bool> redefineOverDefault(unsigned GI, unsigned BI,
                                           unsigned Undef);
  /// Whether #define D of branch B is closed by an #undef in B with only
  /// its own uses between (`#define C16(c) ...` / a table / `#undef C16`):
  /// both are kept as they are, in every configuration.
  bool scratchPair(const CondGroup::Branch &B, unsigned D) const;
  /// A function-like macro in some branches of group GI and a function of
  /// its name in the others: the merged definition, nullopt if not that.
  llvm::Expected<std::optional<std::string>>
  selectFunctionOrMacro(unsigned GI, const std::string &Macro,
                        const std::vector<std::pair<unsigned, unsigned>> &List,
                        unsigned LiveBranches, bool HasElse);

  /// A macro defined per feature whose value is stringified (M2: the
  /// string would hold the run-time selection's text) or whose type is
  /// used (sizeof, decltype, ...) while its bodies' types differ (M3). A
  /// located error at the use.
  llvm::Error refuseStringifiedMacros();
  /// The feature macro whose value Macro is: Macro itself, or one its
  /// body names ("" if none).
  std::string featureValued(const std::string &Macro) const;

  /// The outermost feature group whose lines contain Offset.
  std::optional<unsigned> outermostGroupAt(unsigned Offset) const;
  std::optional<unsigned> findFeatureGroup(unsigned GI, unsigned Offset) const;

  /// A member function defined per condition cannot be renamed (its class
  /// declares one name): its consecutive variants are merged into one
  /// definition whose body dispatches between the variants' bodies.
  llvm::Error mergeMemberVariants(const SwitchPlan &SP);
  std::optional<std::string> outlinedBodyOpening(const FunctionFact &Fn) const;

  llvm::Error emitSwitches();

  /// Members defined per feature in several files: renamed variants,
  /// declared in the class.
  llvm::Error declareMemberVariants(const SwitchPlan &SP);

  void markFunctions();

  //===--- Feature code without a marker (MarkerPolicy.cpp) ---------------===//

  /// Whether branch BI of group GI is a tiny block in a marked function
  /// that gets no marker (recorded for recordUnmarkedCode).
  bool leaveUnmarked(unsigned GI, size_t BI);
  /// A marked block's scope, for the innermost marker around a place.
  void noteMarkedBlock(unsigned GI, size_t BI, unsigned Id);
  /// After markFunctions: the unmarked blocks and the calls of unmarked
  /// feature switches, with the marked regions they are timed in.
  void recordUnmarkedCode();
  /// Whether Fn (with a loop) is a small Base function around calls of
  /// unmarked feature switches that gets no marker (MarkerPolicy.h).
  bool isLoopAroundSwitches(const FunctionFact &Fn,
                            llvm::StringRef Condition) const;
  /// The feature switches emitted without a marker, by the name their
  /// calls use: the last part of a qualified name (a member, or a function
  /// called unqualified in its namespace). Switches sharing it (overloads,
  /// specializations, members of other classes) cannot be told apart by a
  /// call's text: their calls count as calls of each.
  std::map<std::string, std::vector<const SwitchPlan *>>
  unmarkedSwitches() const;
  /// Whether Fn, a variant of a feature switch, needs no marker of its
  /// own: it runs the primary template's body (forwardsToPrimary),
  /// whose time is its callers' self time as for every other argument
  /// type, and the switch's calls are recorded as unmarked code.
  bool isUnmarkedPrimaryVariant(const FunctionFact &Fn) const;
  /// Whether Fn, a variant of a feature switch, is one statement calling
  /// feature switches of this file whose variants all keep their markers
  /// (RapidJSON's `SkipWhitespace` for SSE2 || SSE42, which only calls the
  /// `SkipWhitespace_SIMD` switch): its own time is a call's, and the
  /// callees' regions hold theirs under their own conditions. Marked, a
  /// folded visit of it cost ~50 instructions per whitespace skip.
  bool forwardsToMarkedSwitch(const FunctionFact &Fn) const;
  /// Either of the two: the variant gets no marker.
  bool isUnmarkedVariant(const FunctionFact &Fn) const;
  /// Whether Fn's body holds feature code: an encoded `#if` block of a
  /// feature, or a read of a feature's value.
  bool hasFeatureCode(const FunctionFact &Fn) const;
  /// The marked scopes Offset is timed in: its innermost marked scope, or,
  /// outside any, those around the calls of its function if all are in
  /// this file.
  std::vector<unsigned> timedIn(unsigned Offset) const;
  /// onlyCalledInFile for a function of this file (its names read once).
  bool onlyCalledHere(const FunctionFact &Fn) const {
    if (!CalledNameTable)
      CalledNameTable.emplace(In.Text);
    return onlyCalledInFile(Fn, In.Path, In.Text, &*CalledNameTable);
  }
  mutable std::optional<CalledNames> CalledNameTable;
  /// The innermost marked function or block whose scope holds Offset.
  std::optional<unsigned> markedScopeAt(unsigned Offset) const;

  //===--- Whole functions that passes copy (CopyableFunctions.cpp) -----===//

  /// How many of this file's functions (lambdas aside) have each name.
  std::map<std::string, unsigned> functionNameCounts() const;
  /// Whether Fn is a plain C function at file scope that a pass may copy
  /// whole (HotVersions.cpp, FeatureVersionsPlan.cpp): defined once under
  /// its name (NameCount), not a feature switch (SwitchNames), not a
  /// template, member, lambda, constexpr or variadic function, outside
  /// every conditional group and duplicated function, and without an edit
  /// at its start, body or end.
  bool copyableWhole(const FunctionFact &Fn,
                     const std::map<std::string, unsigned> &NameCount,
                     const std::set<std::string> &SwitchNames) const;

  //===--- Hot loops versioned per feature switch (HotVersions.cpp) -----===//

  /// A function versioned per combination of the switches it reaches.
  struct HotFunction {
    std::string Name;
    const FunctionFact *Fn = nullptr;
    unsigned Id = 0, End = 0;                 ///< End: just past its body.
    std::vector<std::string> Switches;        ///< Sorted by name.
    std::vector<const SwitchPlan *> Variants; ///< Per switch.
    bool Root = false; ///< Has a loop: becomes a dispatcher.
  };
  /// The most versions of one function.
  static constexpr unsigned MaxHotVersions = 8;
  /// The most lines of a function between a loop and a switch (an
  /// accessor's wrapper) that gets versions.
  static constexpr unsigned MaxHotChainLines = 40;
  /// The most text (bytes) the versions of one file may add.
  static constexpr size_t MaxHotBytes = 256 * 1024;
  /// After markFunctions: which functions get versions (sentinels mark
  /// them in the rendered text).
  void planHotVersions();
  /// apply()'s output with the versions and dispatchers in place.
  std::string versionHotLoops(std::string Out);
  std::string renderHotVersion(const HotFunction &H, llvm::StringRef Def,
                               const std::vector<unsigned> &Pick);
  std::string hotDispatch(const HotFunction &H);
  static std::string hotVersionName(const HotFunction &H,
                                    const std::vector<unsigned> &Pick);
  std::map<std::string, HotFunction> Hot;
  /// The switch part of planHotVersions.
  void planSwitchVersions();

  //===--- Functions versioned per feature value (FeatureVersions.cpp) --===//

  /// A function that may get a version per value of the features its body
  /// reads (sentinels mark it in the rendered text).
  struct VersionCandidate {
    std::string Name;     ///< As defined in the rendered text.
    std::string Original; ///< In the sources (a copy's function).
    const FunctionFact *Fn = nullptr;
    bool Root = false; ///< Has a loop: becomes a dispatcher.
    bool Copy = false; ///< A copy of a duplicated function.
    /// Reads not to fix (a copy's own features: its plan decides them).
    std::set<std::string> Excluded = {};
    /// Static and called from one place (OnceCalled.h), in this
    /// candidate: versioned along with it, a copy per version of it.
    std::optional<unsigned> OnlyCaller = std::nullopt;
    /// May be versioned for the features it reads itself (a loop, or a
    /// small helper a loop calls); else only along with its only caller.
    bool OwnVersions = true;
  };
  std::vector<VersionCandidate> VersionCandidates; ///< By sentinel id.
  /// The most versions of one function.
  static constexpr unsigned MaxFeatureVersions = 8;
  /// The most text (bytes) the feature versions of one file may add.
  static constexpr size_t MaxFeatureBytes = 768 * 1024;
  /// After planSwitchVersions: sentinels around the functions that may be
  /// versioned per feature value.
  void planFeatureVersions();
  /// For renderDuplicate: copy CI of D (Inner: the edits in its body) as
  /// a candidate, its sentinel id.
  std::optional<unsigned> noteCopyForVersions(const Duplicate &D, size_t CI,
                                              const std::vector<Edit> &Inner);
  static std::string featureSentinel(char Kind, unsigned Id);
  /// apply()'s output with the feature versions and dispatchers in place.
  std::string versionFeatureReads(std::string Out);

  struct MarkedScope {
    unsigned Begin = 0, End = 0, Id = 0;
  };
  std::vector<MarkedScope> MarkedScopes;
  std::map<std::pair<unsigned, size_t>, unsigned> BranchRegions;
  struct UnmarkedBlock {
    UnmarkedCode Code;
    unsigned Offset = 0;
  };
  std::vector<UnmarkedBlock> UnmarkedBlocks;

  /// Whether Flag is set for the function of this body in any parse (a
  /// loop or a __PRETTY_FUNCTION__ may sit under a feature).
  bool inAnyParse(unsigned BodyBegin, bool FunctionFact::*Flag) const {
    return llvm::any_of(In.Parses, [&](const ParseView &V) {
      return llvm::any_of(V.Facts->Functions, [&](const FunctionFact &Fn) {
        return Fn.BodyBegin == BodyBegin && Fn.*Flag;
      });
    });
  }

  /// Around a renamed definition Fn (not a duplicated one): its original
  /// name for __func__ (originalNameDefines), the lines kept by #line.
  llvm::Error keepOriginalName(const FunctionFact &Fn, llvm::StringRef Name);

  /// `void (f)(int a) {`: the definition of a C function that a
  /// function-like macro of its name, defined per feature where the
  /// function is not, would expand in the simulator (ParenthesizedNames.cpp).
  void parenthesizeMacroNames();

  void addEdit(unsigned B, unsigned E, std::string Text) {
    Edits.push_back(
        {B, E, std::move(Text), static_cast<unsigned>(Edits.size())});
  }

  /// Text[B, E) replaced by its newlines only (lines keep their numbers).
  void blankLines(unsigned B, unsigned E) {
    addEdit(B, E, newlines(llvm::StringRef(In.Text).slice(B, E)));
  }

  /// The contents of branch BI of group GI blanked if the plan finds it
  /// dead (no configuration selects it).
  void blankIfDead(unsigned GI, size_t BI) {
    const CondGroup::Branch &B = FS.Groups[GI].Branches[BI];
    if (Plans[GI].Dead[BI] && B.ContentBegin < B.ContentEnd)
      blankLines(B.ContentBegin, B.ContentEnd);
  }

  /// Text[B, E) with the edits (all inside it) applied.
  llvm::Expected<std::string> render(unsigned B, unsigned E,
                                     std::vector<Edit> Es);

  llvm::Expected<std::string> apply();

  const FileInput &In;
  const FileStructure &FS;
  const FileGroups &FG;
  ProjectContext &Ctx;
  const FeatureSetup &F;
  std::vector<GroupPlan> Plans;
  std::map<unsigned, std::string> Replace; ///< Directive -> its new text.
  std::map<unsigned, Problem> Problems;    ///< Group -> why not in place.
  /// Function definitions seen by any parse, by the offset of their body.
  std::map<unsigned, const FunctionFact *> Functions;
  std::map<unsigned, Duplicate> Duplicates; ///< By body offset.
  std::set<unsigned> Merged; ///< Bodies of merged member variants.
  /// Directives whose Replace text keeps its own line count (#line).
  std::set<unsigned> Raw;
  std::vector<Edit> Edits;
  /// Groups holding case labels guardCaseLabel keeps (no block marker: the
  /// switch jumps past its declaration), and the offsets already edited.
  std::set<unsigned> CaseGuarded, CaseGuardEdits;
  /// Macros that a header #included in a function body under a feature
  /// defines or undefines: kept per copy of the function (push/pop).
  std::set<std::string> IncludedMacros;
  /// Why an #include in the body of a function under a feature cannot be
  /// lifted into per-configuration copies ("" if it can; then its macros
  /// join IncludedMacros).
  std::string liftableInclude(const Directive &Include);
};

} // namespace varsim::rewrite::detail

#endif // VARSIM_REWRITE_FILEREWRITERIMPL_H
