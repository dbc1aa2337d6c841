//===- rewrite/DerivedMacrosImpl.h - The symbolic preprocessor --*- C++ -*-===//
//
// The pieces behind resolveDerivedMacros (DerivedMacros.h), shared by its
// parts: DerivedMacros.cpp (the entry point and what it writes back),
// DerivedMacrosFiles.cpp (ProjectMacros: the files, their include graph,
// what every unit has certainly read before a directive),
// DerivedMacrosResolver.cpp (Resolver: a macro's state and value at a
// directive), DerivedMacrosImplied.cpp (features the project defines
// where another feature implies them, defaults a feature undoes) and
// DerivedMacrosRepeated.cpp (a test that a branch around a later directive
// repeats). Not a public header.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_DERIVEDMACROSIMPL_H
#define VARSIM_REWRITE_DERIVEDMACROSIMPL_H

#include "rewrite/DerivedMacros.h"
#include "rewrite/FeatureGroups.h"

#include "llvm/ADT/BitVector.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace varsim::rewrite::derived {

/// Beyond this many nodes, a substitution is given up (left alone).
inline constexpr size_t MaxConditionSize = 2000;

/// The macros C names that are no features of F. Recorded as a branch's
/// Unread: a part of a test the resolver read as a constant (`||
/// MBEDTLS_AESNI_HAVE_CODE == 2`, false in every configuration) is what
/// the simulator's preprocessor reads too, when the macro's only
/// definitions lie under features (the simulator compiles them all); the
/// rest is what the preprocessor must read alike in every configuration.
std::set<std::string> nonFeatureMacros(const Cond &C, const FeatureSetup &F);

/// Whether C names a feature macro of F.
bool mentionsFeature(const Cond &C, const FeatureSetup &F);

/// E with the boolean features of Known (as `defined(F)`, and as `F` when
/// Identifiers) replaced by their values.
CondPtr assignBooleans(const CondPtr &E,
                       const std::map<std::string, bool> &Known,
                       bool Identifiers = true);

/// The test the preprocessor reads at branch B's directive, parsed from its
/// text; B's condition where the text has none to parse. Not B.Condition:
/// an earlier run of this pass may have replaced that (an include guard
/// that holds a macro defined per feature is settled to 1, a test of a
/// command-line macro to its value), and the include graph's reading of
/// guards and of `#if defined(CONFIG_FILE)` must be the same on every run,
/// or a file rescanned after a lowering loses what the first run knew.
CondPtr preprocessorTest(const FileStructure &FS, const CondGroup::Branch &B);

/// The innermost group branch holding a directive (Group -1: none).
struct Place {
  int Group = -1;
  unsigned Branch = 0;
};

struct IncludeSite {
  unsigned Directive = 0;
  std::vector<unsigned> Targets; ///< Project files it may name.
  bool Definite = false; ///< Exactly one target, outside any conditional.
};

struct FileInfo {
  std::string Path;
  FileStructure *FS = nullptr;
  std::vector<Place> Places; ///< By directive.
  std::optional<unsigned> Guard;
  bool PragmaOnce = false;
  std::vector<IncludeSite> Includes;
  /// Where this file may be included: (file, directive).
  std::vector<std::pair<unsigned, unsigned>> IncludedAt;

  bool readOnce() const { return Guard || PragmaOnce; }
  bool unconditional(unsigned Directive) const {
    const Place &P = Places[Directive];
    return P.Group < 0 || (Guard && static_cast<unsigned>(P.Group) == *Guard);
  }
};

struct Site {
  unsigned File = 0;
  unsigned Directive = 0;
};

/// The project's files, their include graph and the macros they define.
class ProjectMacros {
public:
  ProjectMacros(std::map<std::string, FileStructure> &Structures,
                const std::set<std::string> *Units, const FeatureSetup &Setup);

  std::vector<FileInfo> Files;
  std::map<std::string, std::vector<Site>> Sites;
  /// Files some translation unit may read (all, when the units are not
  /// known).
  std::vector<bool> ReachedFiles;

  /// The sites of M in the order the preprocessor reads them when it reads
  /// Root, following includes outside any conditional (each file once);
  /// nullopt if some site of M lies in a file that walk does not read, or
  /// in one that anything else may include too.
  std::optional<std::vector<Site>> sitesInReadingOrder(unsigned Root,
                                                       const std::string &M);

  /// Files some translation unit may have read, wholly or in part, before
  /// it reaches directive D of file F (F itself only if F may be read
  /// again): a site in any other file is certainly not seen there.
  llvm::BitVector maybeBeforeAt(unsigned F, unsigned D) const;

  /// Files that every translation unit has completely read before it
  /// reaches directive D of file F.
  llvm::BitVector beforeAt(unsigned F, unsigned D) const;

  /// Whether Test, and every macro its expansion reads, has the same
  /// value at directives A and B of file F (A < B): no #define or #undef
  /// of those macros that a unit may read between them, in F or in a file
  /// F's includes there may read (a file read once that every unit has
  /// completely read before A is not read again). DerivedMacrosRepeated.cpp.
  bool unchangedBetween(const Cond &Test, unsigned F, unsigned A,
                        unsigned B) const;

  /// Whether the include graph has a cycle (then no file is certainly
  /// read completely before another).
  bool cyclic() const { return Cyclic; }

private:
  void scanFile(unsigned F);

  IncludeSite resolveInclude(unsigned F, unsigned D);

  /// Before: the greatest solution of Before(X) = intersection over the
  /// places that may include X of what is read there; empty for
  /// translation units and files nobody includes.
  void computeBefore();

  /// MayRead(H): H and every file it may include, directly or not, under
  /// any condition. MaybeBefore: the least solution of MaybeBefore(X) =
  /// union over the places (G, D) that may include X of G itself (wholly,
  /// to keep it simple) and maybeBeforeAt(G, D); empty for a translation
  /// unit nothing includes. Without the include graph (a cycle), every file.
  void computeMaybeBefore();

  /// `#include NAME` where every compile command gives NAME one quoted
  /// value (`-DUSER_CONFIG="cfg.h"`) names that file; outside conditionals
  /// but `#if defined(NAME)` tests of such macros, it is read wherever the
  /// including file is. Runs after every file's sites are known (a macro
  /// the project defines itself is not the command line's).
  void resolveCommandLineIncludes();

  /// Whether every unit that reads directive D of F's place reads D: each
  /// enclosing group (an include guard aside) enters D's branch, its
  /// earlier tests certainly false and its own certainly true (knownTest):
  /// `#if defined(CONFIG_FILE)` / `#include CONFIG_FILE` / `#else` /
  /// `#include "config.h"` when nothing defines CONFIG_FILE.
  bool enteredByCommandLine(unsigned F, unsigned D) const;

  /// The value of `defined(M)` or `!defined(M)` in every unit, when the
  /// project never defines M: true if every compile command defines M,
  /// false if nothing does (not the command line, the model or the
  /// platform); nullopt otherwise.
  std::optional<bool> knownTest(const Cond *C) const;

  /// Whether directive D of FI lies in a branch that requires a macro
  /// nothing defines: not the project (anywhere), the build, the model or
  /// the compiler.
  bool neverRead(const FileInfo &FI, unsigned D) const;

  const std::set<std::string> *Units = nullptr;
  const FeatureSetup &Features;
  std::map<std::string, unsigned> Index;
  std::map<std::string, std::vector<unsigned>> ByName;
  std::vector<llvm::BitVector> Closure, Before, MayRead, MaybeBefore;
  bool Cyclic = false;
};

/// One #define or #undef that the preprocessor has seen at a point, with
/// its presence condition.
struct SeenSite {
  CondPtr Presence;
  const Directive *D = nullptr;
};

class Resolver {
public:
  Resolver(ProjectMacros &P, const FeatureSetup &F,
           const std::set<std::string> *External, const TargetMacros *Target)
      : P(P), F(F), External(External), Target(Target) {}

  /// E with every project macro that can be resolved at directive D of
  /// File replaced by its meaning there. Strict: fail (nullptr) if any
  /// macro cannot be, or if a macro is not constant over the translation
  /// unit; otherwise such macros stay as they are. Changed: whether some
  /// project macro was substituted.
  CondPtr resolve(const CondPtr &E, unsigned File, unsigned D, bool Strict,
                  bool &Changed);

private:
  enum class Kind { Feature, External, Project, Undefined, Unknown };

  Kind kindOf(const std::string &M) const;

  CondPtr resolveAt(const CondPtr &E, unsigned File, unsigned D, bool Strict,
                    std::set<std::string> &Expanding, int Context,
                    bool &Changed);

  CondPtr definedAt(const std::string &M, unsigned File, unsigned D);

  /// The value of the macro use Use (an identifier, or a call of a
  /// function-like macro) at directive D of File.
  CondPtr valueAt(const Cond &Use, unsigned File, unsigned D, bool Strict,
                  std::set<std::string> &Expanding, int Context);

  /// The sites of M the preprocessor has certainly seen at directive D of
  /// File, in order; nullopt if that cannot be established.
  /// Unordered: set when the sites come from several files whose order the
  /// preprocessor reads them in is unknown (all #defines).
  std::optional<std::vector<SeenSite>> stateAt(const std::string &M,
                                               unsigned File, unsigned D,
                                               bool *Unordered = nullptr);

  /// The sites of M in several files, when one of them is a header every
  /// unit has completely read before directive D of File and reading it
  /// reads every site, in that order (ProjectMacros::sitesInReadingOrder).
  std::optional<std::vector<Site>>
  orderedBefore(const std::string &M, const std::set<unsigned> &InFiles,
                unsigned File, unsigned D);

  /// The presence condition of a place in File (the guard's branch is
  /// always entered: a guarded file is read once).
  CondPtr presenceOf(unsigned File, Place Pl);

  /// Whether header H, holding all of a macro's sites, is read before
  /// directive D of File wherever one of them is present: File includes H
  /// before D under a condition C (`#if defined(MBEDTLS_AESNI_C)` /
  /// `#include "aesni.h"`), and every site's presence implies C (aesni.h
  /// defines MBEDTLS_AESNI_HAVE_CODE only under `#if
  /// defined(MBEDTLS_AESNI_C)`). Then, read or not, H's sites give the
  /// macro's state at D: where C fails, none of them is present. Judged
  /// over every assignment of the boolean features the conditions name
  /// (a numeric feature, or a platform macro left in C, gives up).
  bool sitesNeedTheirInclude(unsigned H, const std::vector<Site> &Sites,
                             unsigned File, unsigned D);

  /// Whether a branch around directive Within of File (Within lies in
  /// it) tests what branch B of File tests, with the same value
  /// (ProjectMacros::unchangedBetween): then wherever Within is reached,
  /// B's test held too (the copies the globals lowering appends under the
  /// original's repeated `#if defined(MBEDTLS_AES_C)`, aes.c's include of
  /// aesni.h under the first). DerivedMacrosRepeated.cpp.
  bool repeatedAround(unsigned File, const CondGroup::Branch &B,
                      unsigned Within);

  /// The presence condition of a place in File, its tests resolved
  /// where they can be (a macro left as it is is no feature: the
  /// assignments of sitesNeedTheirInclude then give up).
  /// Branches that also hold directive Within are left out: the test
  /// there is reached only where they are entered; so is the test of a
  /// branch that one around Within repeats (repeatedAround), its earlier
  /// branches' tests kept.
  CondPtr loosePresenceOf(unsigned File, Place Pl, unsigned Within);

public:
  /// Whether some #define of M lies where features decide (its presence
  /// mentions one, or cannot be worked out).
  bool definedPerFeature(const std::string &M);

  /// A boolean feature M that the project also #defines, only where its
  /// selection is implied by another feature (a config header's
  /// `#if defined(SSL) && !defined(CRYPTO)` / `#define CRYPTO 1` /
  /// `#endif`): every site is `#define M 1` (or empty), alone in a
  /// one-branch group outside other groups (an include guard aside) whose
  /// own test is a conjunction holding `!defined(M)`.
  bool isImplied(const std::string &M);

  /// Whether the tests being resolved lie in a file some unit reads (only
  /// those count for Unresolved).
  bool InReachedFile = true;

  /// A default that a feature undoes (`#define ASM_OPT` in the config
  /// header, `#if defined(NO_ASM_OPT)` / `#undef ASM_OPT` / `#endif` in a
  /// user config file it includes) whose every test was resolved into a
  /// condition over that feature: the groups of its #undef sites, which
  /// the simulator (compiled without -D flags) then never enters. Empty if
  /// M is not such a default.
  std::vector<CondGroup *> undoneDefault(const std::string &M) const;

  /// The one-branch group, outside others (an include guard aside), whose
  /// only content is the directive of S; nullptr if there is none.
  CondGroup *aloneInGroup(const Site &S) const;

  bool mentionsFeatureMacro(const Cond &C) const;

  /// The implied features whose every test was resolved: their sites'
  /// groups can leave the feature analysis (the simulator, compiled
  /// without -D flags, never enters them either).
  std::vector<std::string> impliedAndResolved() const;

  /// The branch's test: its condition, or, for a group this pass has
  /// neutralized (condition 0), the test its directive reads.
  static CondPtr testOf(const FileStructure &FS, const CondGroup::Branch &B);

  static CondPtr directiveTest(const Directive &D);

  /// The one-branch group holding an implied site of M, or nullptr.
  CondGroup *impliedGroup(const std::string &M, const Site &S) const;

  bool impliedSite(const std::string &M, const Site &S) const;

private:
  /// An implied feature at directive D of File: itself, or'ed with the
  /// presence conditions of the sites read before (`defined(CRYPTO)` after
  /// the config header is `CRYPTO || SSL`); nullptr if not certain.
  CondPtr impliedAt(const CondPtr &E, unsigned File, unsigned D);

  /// C without its conjuncts `!defined(M)` / `!M`.
  static CondPtr withoutNegated(const CondPtr &C, const std::string &M);

  ProjectMacros &P;
  const FeatureSetup &F;
  const std::set<std::string> *External = nullptr;
  const TargetMacros *Target = nullptr;
  std::map<std::string, bool> Implied;
  std::set<std::string> Unresolved;
  std::map<std::tuple<unsigned, unsigned, unsigned>, CondPtr> Presence;
  std::set<std::tuple<unsigned, unsigned, unsigned>> InProgress;
};

} // namespace varsim::rewrite::derived

#endif // VARSIM_REWRITE_DERIVEDMACROSIMPL_H
