//===- rewrite/DerivedMacros.cpp - Macros derived from features -----------===//
//
// A small symbolic preprocessor over the scanned structures. The state of a
// project macro at a point of a file is the ordered list of its #define and
// #undef sites that the preprocessor has certainly seen there, each with its
// presence condition (the tests of its enclosing groups, themselves resolved
// at their own positions); a later site overrides an earlier one when its
// presence condition holds. From that list, `defined(M)` and the value of M
// are conditions over features, integers and platform macros.
//
// What the preprocessor has "certainly seen" is where the soundness lies:
//  - sites in the testing file itself, before the test, when the file is
//    read at most once per translation unit (include guard, #pragma once,
//    or a file nobody includes);
//  - all sites of one header that every translation unit has completely
//    read before the test: the file includes it (directly or through
//    headers, outside any conditional) before the test, or every file that
//    includes the testing file does so after it (a must-analysis over the
//    include graph; translation units are the files with a source
//    extension);
//  - for a constant defined identically and unconditionally in several
//    files, any one of them;
//  - the sites of several files in the order one header that every unit
//    has completely read before the test reads them, through includes
//    outside any conditional, when every other file holding a site is
//    included from that walk only (a config header that #includes a user
//    config file by a -D'd name, which #undefs its defaults per feature).
// Anything else leaves the macro alone, and the later stages refuse the
// condition as before.
//
//===----------------------------------------------------------------------===//

#include "rewrite/DerivedMacros.h"
#include "rewrite/FeatureGroups.h"
#include "support/SourceFiles.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <functional>
#include <set>
#include <tuple>

namespace path = llvm::sys::path;

namespace varsim::rewrite {
namespace {

/// Beyond this many nodes, a substitution is given up (left alone).
constexpr size_t MaxConditionSize = 2000;

/// Macros that compilers and platforms predefine: constant over a
/// translation unit, never derived.
bool isPlatformMacro(llvm::StringRef M) {
  if (M.starts_with("_"))
    return true;
  static const char *const Known[] = {"WIN32", "WIN64", "unix",       "linux",
                                      "MSDOS", "APPLE", "sun",        "i386",
                                      "true",  "false", "__cplusplus"};
  return llvm::is_contained(Known, M);
}

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
                const std::set<std::string> *Units, const FeatureSetup &Setup)
      : Units(Units), Features(Setup) {
    for (auto &[Path, FS] : Structures) {
      Index[Path] = static_cast<unsigned>(Files.size());
      FileInfo FI;
      FI.Path = Path;
      FI.FS = &FS;
      ByName[path::filename(Path).str()].push_back(
          static_cast<unsigned>(Files.size()));
      Files.push_back(std::move(FI));
    }
    for (unsigned F = 0; F < Files.size(); ++F)
      scanFile(F);
    computeBefore();
    // A guard another file defines (to keep the header out) is no guard;
    // after computeBefore, only the files the build reads count (not a
    // vendored tree's sample configs that define the config header's
    // guard).
    for (unsigned F = 0; F < Files.size(); ++F) {
      FileInfo &FI = Files[F];
      if (!FI.Guard)
        continue;
      const Cond &Test = *FI.FS->Groups[*FI.Guard].Branches[0].Condition;
      auto It = Sites.find(Test.Operands[0]->Name);
      if (It != Sites.end())
        for (const Site &S : It->second)
          if (S.File != F)
            FI.Guard.reset();
    }
  }

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
                                                       const std::string &M) {
    auto It = Sites.find(M);
    if (It == Sites.end() || !Files[Root].readOnce())
      return std::nullopt;
    std::vector<Site> Out;
    std::vector<bool> Seen(Files.size(), false);
    std::function<void(unsigned)> Walk = [&](unsigned F) {
      Seen[F] = true;
      const FileInfo &FI = Files[F];
      auto Include = FI.Includes.begin();
      for (unsigned D = 0; D < FI.FS->Directives.size(); ++D) {
        const Directive &Dv = FI.FS->Directives[D];
        if ((Dv.Kind == DirectiveKind::Define ||
             Dv.Kind == DirectiveKind::Undef) &&
            Dv.Macro == M)
          Out.push_back({F, D});
        while (Include != FI.Includes.end() && Include->Directive < D)
          ++Include;
        if (Include != FI.Includes.end() && Include->Directive == D &&
            Include->Definite && !Seen[Include->Targets.front()])
          Walk(Include->Targets.front());
      }
    };
    Walk(Root);
    if (Out.size() != It->second.size())
      return std::nullopt;
    for (const Site &S : Out)
      if (S.File != Root && Files[S.File].IncludedAt.size() != 1)
        return std::nullopt;
    return Out;
  }

  /// Files some translation unit may have read, wholly or in part, before
  /// it reaches directive D of file F (F itself only if F may be read
  /// again): a site in any other file is certainly not seen there.
  llvm::BitVector maybeBeforeAt(unsigned F, unsigned D) const {
    llvm::BitVector B = MaybeBefore[F];
    for (const IncludeSite &I : Files[F].Includes)
      if (I.Directive < D)
        for (unsigned T : I.Targets)
          B |= MayRead[T];
    return B;
  }

  /// Whether the include graph has a cycle (then no file is certainly
  /// read completely before another).
  bool cyclic() const { return Cyclic; }

  /// Files that every translation unit has completely read before it
  /// reaches directive D of file F.
  llvm::BitVector beforeAt(unsigned F, unsigned D) const {
    llvm::BitVector B = Before[F];
    if (Cyclic)
      return B;
    for (const IncludeSite &I : Files[F].Includes)
      if (I.Definite && I.Directive < D)
        B |= Closure[I.Targets.front()];
    return B;
  }

private:
  void scanFile(unsigned F) {
    FileInfo &FI = Files[F];
    const FileStructure &FS = *FI.FS;
    FI.Places.assign(FS.Directives.size(), Place());
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI)
      for (unsigned BI = 0; BI < FS.Groups[GI].Branches.size(); ++BI)
        for (unsigned D : FS.Groups[GI].Branches[BI].Directives)
          FI.Places[D] = {static_cast<int>(GI), BI};
    // An include guard: the only top-level group, #ifndef G / #define G,
    // one branch, no directive outside it.
    if (FS.TopGroups.size() == 1 && FS.TopDirectives.empty()) {
      const CondGroup &G = FS.Groups[FS.TopGroups.front()];
      const Cond *C = G.Branches.front().Condition.get();
      unsigned First = G.Branches.front().DirectiveIndex + 1;
      if (G.Branches.size() == 1 && C && C->K == Cond::Unary && C->Op == "!" &&
          C->Operands[0]->K == Cond::Defined && First < FS.Directives.size() &&
          FS.Directives[First].Kind == DirectiveKind::Define &&
          FS.Directives[First].Macro == C->Operands[0]->Name)
        FI.Guard = FS.TopGroups.front();
    }
    for (unsigned D = 0; D < FS.Directives.size(); ++D) {
      const Directive &Dv = FS.Directives[D];
      if (Dv.Kind == DirectiveKind::Other && Dv.Body == "once" &&
          FI.unconditional(D))
        FI.PragmaOnce = true;
      if (Dv.Kind == DirectiveKind::Define || Dv.Kind == DirectiveKind::Undef)
        Sites[Dv.Macro].push_back({F, D});
      if (Dv.Kind == DirectiveKind::Include)
        FI.Includes.push_back(resolveInclude(F, D));
    }
  }

  IncludeSite resolveInclude(unsigned F, unsigned D) {
    IncludeSite I;
    I.Directive = D;
    llvm::StringRef Body = llvm::StringRef(Files[F].FS->Directives[D].Body);
    char Close = Body.starts_with("\"") ? '"' : Body.starts_with("<") ? '>' : 0;
    size_t End = Close ? Body.find(Close, 1) : llvm::StringRef::npos;
    if (End == llvm::StringRef::npos) {
      // #include MACRO: it may name any file of the project.
      for (unsigned T = 0; T < Files.size(); ++T)
        I.Targets.push_back(T);
      return I;
    }
    llvm::StringRef Name = Body.slice(1, End);
    if (Close == '"') {
      llvm::SmallString<256> Near(path::parent_path(Files[F].Path));
      path::append(Near, Name);
      path::remove_dots(Near, true);
      if (auto It = Index.find(std::string(Near)); It != Index.end())
        I.Targets.push_back(It->second);
    }
    if (I.Targets.empty()) {
      auto It = ByName.find(path::filename(Name).str());
      if (It != ByName.end())
        for (unsigned T : It->second) {
          llvm::StringRef P = Files[T].Path;
          if (P.ends_with(("/" + Name).str()))
            I.Targets.push_back(T);
        }
    }
    I.Definite = I.Targets.size() == 1 && Files[F].unconditional(D);
    return I;
  }

  /// Before: the greatest solution of Before(X) = intersection over the
  /// places that may include X of what is read there; empty for
  /// translation units and files nobody includes.
  void computeBefore() {
    unsigned N = static_cast<unsigned>(Files.size());
    resolveCommandLineIncludes();
    for (unsigned F = 0; F < N; ++F)
      for (const IncludeSite &I : Files[F].Includes)
        for (unsigned T : I.Targets)
          Files[T].IncludedAt.push_back({F, I.Directive});
    // Closure(H): H and what H certainly includes.
    Closure.assign(N, llvm::BitVector(N));
    std::vector<int> State(N, 0); // 0 new, 1 on the stack, 2 done.
    std::function<void(unsigned)> Visit = [&](unsigned H) {
      State[H] = 1;
      Closure[H].set(H);
      for (const IncludeSite &I : Files[H].Includes) {
        if (!I.Definite)
          continue;
        unsigned T = I.Targets.front();
        if (State[T] == 1) {
          // A guarded header that includes itself reads nothing there
          // (its guard is defined); any other cycle is a header read
          // while it is incomplete.
          if (T != H || !Files[H].readOnce())
            Cyclic = true;
          continue;
        }
        if (State[T] == 0)
          Visit(T);
        Closure[H] |= Closure[T];
      }
      State[H] = 2;
    };
    for (unsigned F = 0; F < N; ++F)
      if (State[F] == 0)
        Visit(F);

    std::vector<bool> Root(N);
    for (unsigned F = 0; F < N; ++F)
      Root[F] = Units ? Units->count(Files[F].Path) != 0
                      : isTranslationUnitName(Files[F].Path) ||
                            Files[F].IncludedAt.empty();
    // Files that only unreachable files include: nothing is known.
    std::vector<bool> Reached(N, false);
    std::function<void(unsigned)> Reach = [&](unsigned F) {
      if (Reached[F])
        return;
      Reached[F] = true;
      for (const IncludeSite &I : Files[F].Includes)
        for (unsigned T : I.Targets)
          Reach(T);
    };
    for (unsigned F = 0; F < N; ++F)
      if (Root[F])
        Reach(F);
    if (Units) {
      // An #include under a test of a macro that nothing defines is never
      // read (SQLite's `#ifdef SQLITE_CUSTOM_INCLUDE` / `#include
      // INC_STRINGIFY(SQLITE_CUSTOM_INCLUDE)`, which may name any file).
      std::fill(Reached.begin(), Reached.end(), false);
      for (FileInfo &FI : Files) {
        llvm::erase_if(FI.Includes, [&](const IncludeSite &I) {
          return neverRead(FI, I.Directive);
        });
        FI.IncludedAt.clear();
      }
      for (unsigned F = 0; F < N; ++F)
        for (const IncludeSite &I : Files[F].Includes)
          for (unsigned T : I.Targets)
            Files[T].IncludedAt.push_back({F, I.Directive});
      for (unsigned F = 0; F < N; ++F)
        if (Root[F])
          Reach(F);
      // The build never reads the others: they include and define nothing.
      for (FileInfo &FI : Files)
        llvm::erase_if(FI.IncludedAt,
                       [&](const auto &At) { return !Reached[At.first]; });
      for (auto &[M, Ss] : Sites)
        llvm::erase_if(Ss, [&](const Site &S) { return !Reached[S.File]; });
      for (auto It = Sites.begin(); It != Sites.end();)
        It = It->second.empty() ? Sites.erase(It) : std::next(It);
    }
    ReachedFiles = Reached;
    Before.assign(N, llvm::BitVector(N));
    if (Cyclic)
      return; // Keep it simple: no cross-file knowledge at all.
    for (unsigned F = 0; F < N; ++F)
      if (!Root[F])
        Before[F].set();
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (unsigned F = 0; F < N; ++F) {
        if (Root[F])
          continue;
        llvm::BitVector New(N, true);
        for (const auto &[G, D] : Files[F].IncludedAt)
          New &= beforeAt(G, D);
        if (New != Before[F]) {
          Before[F] = std::move(New);
          Changed = true;
        }
      }
    }
    for (unsigned F = 0; F < N; ++F)
      if (!Reached[F])
        Before[F].reset();
    computeMaybeBefore();
  }

  /// MayRead(H): H and every file it may include, directly or not, under
  /// any condition. MaybeBefore: the least solution of MaybeBefore(X) =
  /// union over the places (G, D) that may include X of G itself (wholly,
  /// to keep it simple) and maybeBeforeAt(G, D); empty for a translation
  /// unit nothing includes. Without the include graph (a cycle), every file.
  void computeMaybeBefore() {
    unsigned N = static_cast<unsigned>(Files.size());
    MayRead.assign(N, llvm::BitVector(N));
    for (unsigned H = 0; H < N; ++H) {
      std::vector<unsigned> Work{H};
      MayRead[H].set(H);
      while (!Work.empty()) {
        unsigned X = Work.back();
        Work.pop_back();
        for (const IncludeSite &I : Files[X].Includes)
          for (unsigned T : I.Targets)
            if (!MayRead[H].test(T)) {
              MayRead[H].set(T);
              Work.push_back(T);
            }
      }
    }
    MaybeBefore.assign(N, llvm::BitVector(N));
    // Without the build's units, any file may be read first.
    if (Cyclic || !Units) {
      for (llvm::BitVector &B : MaybeBefore)
        B.set();
      return;
    }
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (unsigned X = 0; X < N; ++X) {
        // A unit that another file also includes counts both ways.
        llvm::BitVector New = MaybeBefore[X];
        for (const auto &[G, D] : Files[X].IncludedAt) {
          New.set(G);
          New |= maybeBeforeAt(G, D);
        }
        if (New != MaybeBefore[X]) {
          MaybeBefore[X] = std::move(New);
          Changed = true;
        }
      }
    }
  }

  /// `#include NAME` where every compile command gives NAME one quoted
  /// value (`-DUSER_CONFIG="cfg.h"`) names that file; outside conditionals
  /// but `#if defined(NAME)` tests of such macros, it is read wherever the
  /// including file is. Runs after every file's sites are known (a macro
  /// the project defines itself is not the command line's).
  void resolveCommandLineIncludes() {
    for (unsigned F = 0; F < Files.size(); ++F)
      for (IncludeSite &I : Files[F].Includes) {
        llvm::StringRef Name =
            llvm::StringRef(Files[F].FS->Directives[I.Directive].Body).trim();
        if (!I.Definite && I.Targets.size() == 1 &&
            (Name.starts_with("\"") || Name.starts_with("<")))
          I.Definite = enteredByCommandLine(F, I.Directive);
        if (Name.empty() || !(llvm::isAlpha(Name.front()) || Name[0] == '_') ||
            !llvm::all_of(Name,
                          [](char C) { return llvm::isAlnum(C) || C == '_'; }))
          continue;
        if (!Sites.count(Name.str()) &&
            !Features.CommandLineDefines.count(Name.str()) &&
            !Features.isFeatureMacro(Name) && !isPlatformMacro(Name)) {
          // A name nothing defines cannot be included: the build, which
          // compiles, never reads it (`#if !defined(CONFIG_FILE)` /
          // `#include "config.h"` / `#else` / `#include CONFIG_FILE`).
          I.Targets.clear();
          continue;
        }
        auto It = Features.CommandLineEverywhere.find(Name.str());
        if (It == Features.CommandLineEverywhere.end() ||
            Sites.count(Name.str()))
          continue;
        llvm::StringRef Value(It->second);
        if (Value.size() < 2 || !Value.starts_with("\"") ||
            !Value.ends_with("\""))
          continue;
        llvm::StringRef File = Value.drop_front().drop_back();
        I.Targets.clear();
        auto Named = ByName.find(path::filename(File).str());
        if (Named != ByName.end())
          for (unsigned T : Named->second)
            if (llvm::StringRef(Files[T].Path).ends_with(("/" + File).str()))
              I.Targets.push_back(T);
        I.Definite =
            I.Targets.size() == 1 && enteredByCommandLine(F, I.Directive);
      }
  }

  /// Whether every unit that reads directive D of F's place reads D: each
  /// enclosing group (an include guard aside) enters D's branch, its
  /// earlier tests certainly false and its own certainly true (knownTest):
  /// `#if defined(CONFIG_FILE)` / `#include CONFIG_FILE` / `#else` /
  /// `#include "config.h"` when nothing defines CONFIG_FILE.
  bool enteredByCommandLine(unsigned F, unsigned D) const {
    const FileInfo &FI = Files[F];
    Place Pl = FI.Places[D];
    while (Pl.Group >= 0 &&
           !(FI.Guard && static_cast<unsigned>(Pl.Group) == *FI.Guard)) {
      const CondGroup &G = FI.FS->Groups[Pl.Group];
      for (unsigned BI = 0; BI <= Pl.Branch; ++BI) {
        const Cond *C = G.Branches[BI].Condition.get();
        if (BI == Pl.Branch && !C)
          break; // An #else after tests that are all false.
        if (knownTest(C) != (BI == Pl.Branch))
          return false;
      }
      if (!G.ParentGroup)
        break;
      Pl = {static_cast<int>(*G.ParentGroup), G.ParentBranch};
    }
    return true;
  }

  /// The value of `defined(M)` or `!defined(M)` in every unit, when the
  /// project never defines M: true if every compile command defines M,
  /// false if nothing does (not the command line, the model or the
  /// platform); nullopt otherwise.
  std::optional<bool> knownTest(const Cond *C) const {
    bool Negated = C && C->K == Cond::Unary && C->Op == "!";
    if (Negated)
      C = C->Operands[0].get();
    if (!C || C->K != Cond::Defined || Sites.count(C->Name) ||
        Features.isFeatureMacro(C->Name))
      return std::nullopt;
    std::optional<bool> Defined;
    if (Features.CommandLineEverywhere.count(C->Name))
      Defined = true;
    else if (!Features.CommandLineDefines.count(C->Name) &&
             !isPlatformMacro(C->Name))
      Defined = false;
    if (!Defined)
      return std::nullopt;
    return Negated ? !*Defined : *Defined;
  }

  /// Whether directive D of FI lies in a branch that requires a macro
  /// nothing defines: not the project (anywhere), the build, the model or
  /// the compiler.
  bool neverRead(const FileInfo &FI, unsigned D) const {
    Place Pl = FI.Places[D];
    while (Pl.Group >= 0) {
      const CondGroup &G = FI.FS->Groups[Pl.Group];
      const CondGroup::Branch &B = G.Branches[Pl.Branch];
      if (B.Condition)
        if (auto Lits = asConjunction(*B.Condition))
          for (const MacroLiteral &L : *Lits)
            if (!L.Negated && !Sites.count(L.Macro) &&
                !Features.isFeatureMacro(L.Macro) &&
                !Features.CommandLineDefines.count(L.Macro) &&
                !isPlatformMacro(L.Macro))
              return true;
      if (!G.ParentGroup)
        break;
      Pl = {static_cast<int>(*G.ParentGroup), G.ParentBranch};
    }
    return false;
  }

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

/// A macro's replacement list as an #if operand: its tree, how tightly it
/// binds where it is pasted, and its parameters (function-like).
struct MacroBody {
  CondPtr Tree;
  int Precedence = 12;
  bool Parenthesized = false; ///< Wholly: `(...)`.
  std::vector<std::string> Params;
};

/// The body of D; nullopt if it is not an integer constant expression the
/// rewriter can reason about.
std::optional<MacroBody> bodyOf(const Directive &D) {
  MacroBody Out;
  if (D.FunctionLike) {
    llvm::StringRef B(D.Body);
    B = B.drop_front(D.Macro.size());
    size_t Close = B.find(')');
    if (!B.starts_with("(") || Close == llvm::StringRef::npos)
      return std::nullopt;
    llvm::SmallVector<llvm::StringRef, 4> Params;
    llvm::StringRef List = B.slice(1, Close).trim();
    if (!List.empty())
      List.split(Params, ',');
    for (llvm::StringRef P : Params) {
      P = P.trim();
      if (P.empty() || P.contains("..."))
        return std::nullopt; // Variadic: not modelled.
      Out.Params.push_back(P.str());
    }
  }
  llvm::StringRef Text = llvm::StringRef(D.Replacement).trim();
  if (Text.empty())
    return std::nullopt;
  // `defined` produced by a macro is not portable; unsigned arithmetic is
  // not modelled by the conditions.
  for (size_t I = 0; I < Text.size();) {
    if (llvm::isAlnum(Text[I]) || Text[I] == '_') {
      size_t J = I;
      while (J < Text.size() && (llvm::isAlnum(Text[J]) || Text[J] == '_'))
        ++J;
      llvm::StringRef Tok = Text.slice(I, J);
      if (Tok == "defined")
        return std::nullopt;
      if (llvm::isDigit(Tok.front()) &&
          Tok.find_insensitive('u') != llvm::StringRef::npos)
        return std::nullopt;
      I = J;
      continue;
    }
    ++I;
  }
  auto C = parseCondition(Text);
  if (!C) {
    llvm::consumeError(C.takeError());
    return std::nullopt;
  }
  Out.Tree = *C;
  Out.Precedence = conditionPrecedence(**C);
  if (Text.front() == '(') {
    // Wholly parenthesized: an operand wherever it is pasted.
    int Depth = 0;
    size_t I = 0;
    for (; I < Text.size(); ++I) {
      Depth += Text[I] == '(' ? 1 : Text[I] == ')' ? -1 : 0;
      if (Depth == 0)
        break;
    }
    if (I + 1 == Text.size()) {
      Out.Precedence = 12;
      Out.Parenthesized = true;
    }
  }
  return Out;
}

/// The precedence an operand of E is parsed under (what pasted text next
/// to it must bind tighter than).
int operandContext(const Cond &E) {
  switch (E.K) {
  case Cond::Unary:
    return 11;
  case Cond::Binary:
    return conditionPrecedence(E);
  case Cond::Ternary:
    return 0;
  default:
    return -1; // Arguments of a call: checked when that call expands.
  }
}

/// Body with its parameters replaced by the argument trees; nullptr if an
/// argument would not bind as pasted text does.
CondPtr substituteParams(const CondPtr &Body,
                         const std::vector<std::string> &Params,
                         const std::vector<CondPtr> &Args, int Context) {
  if (Body->K == Cond::Ident)
    for (size_t I = 0; I < Params.size(); ++I)
      if (Body->Name == Params[I])
        return conditionPrecedence(*Args[I]) > Context ? Args[I] : nullptr;
  if (Body->Operands.empty())
    return Body;
  auto N = std::make_shared<Cond>(*Body);
  for (CondPtr &O : N->Operands) {
    O = substituteParams(O, Params, Args, operandContext(*Body));
    if (!O)
      return nullptr;
  }
  return N;
}

bool mentionsFeature(const Cond &C, const FeatureSetup &F);

/// E with the boolean features of Known (as `F` or `defined(F)`) replaced
/// by their values.
CondPtr assignBooleans(const CondPtr &E,
                       const std::map<std::string, bool> &Known) {
  if (E->K == Cond::Defined || E->K == Cond::Ident)
    if (auto It = Known.find(E->Name); It != Known.end())
      return makeInt(It->second ? 1 : 0);
  if (E->Operands.empty())
    return E;
  auto N = std::make_shared<Cond>(*E);
  for (CondPtr &O : N->Operands)
    O = assignBooleans(O, Known);
  return N;
}

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
                  bool &Changed) {
    std::set<std::string> Expanding;
    CondPtr R = resolveAt(E, File, D, Strict, Expanding, -1, Changed);
    if (!R)
      return nullptr;
    R = simplifyCondition(R);
    if (conditionSize(*R) > MaxConditionSize)
      return nullptr;
    return R;
  }

private:
  enum class Kind { Feature, External, Project, Undefined, Unknown };

  Kind kindOf(const std::string &M) const {
    if (F.isFeatureMacro(M))
      return Kind::Feature;
    bool HasSites = P.Sites.count(M) != 0;
    if (M == "defined" || llvm::StringRef(M).starts_with("VARSIM_") ||
        llvm::StringRef(M).starts_with("varsim_"))
      return Kind::Unknown;
    if (!HasSites && (isPlatformMacro(M) || F.CommandLineDefines.count(M)))
      return Kind::External;
    if (!HasSites)
      return External && !External->count(M) ? Kind::Undefined : Kind::Unknown;
    if (isPlatformMacro(M) || F.CommandLineDefines.count(M))
      return Kind::Unknown; // Predefined and redefined: not modelled.
    return Kind::Project;
  }

  CondPtr resolveAt(const CondPtr &E, unsigned File, unsigned D, bool Strict,
                    std::set<std::string> &Expanding, int Context,
                    bool &Changed) {
    switch (E->K) {
    case Cond::Int:
      return E;
    case Cond::Ident:
    case Cond::Defined:
    case Cond::Call: {
      Kind K = kindOf(E->Name);
      if (K == Kind::Feature && E->K != Cond::Call && isImplied(E->Name)) {
        CondPtr R = impliedAt(E, File, D);
        if (!R) {
          Unresolved.insert(E->Name);
          return Strict ? nullptr : E;
        }
        Changed = Changed || R != E;
        return R;
      }
      // A boolean feature the project itself defines (`#ifndef F` /
      // `#define F 0`) does not mean "selected" everywhere: where a site's
      // presence condition tests it, it cannot move to another place.
      if (K == Kind::Feature && Strict && !F.isNumeric(E->Name) &&
          P.Sites.count(E->Name))
        return nullptr;
      if (K == Kind::External && Target && External)
        if (auto V = targetMacroValue(*E, *Target, *External)) {
          Changed = true;
          return *V;
        }
      if (K == Kind::Feature || K == Kind::External)
        return E->K == Cond::Call ? (Strict ? nullptr : E) : E;
      if (K == Kind::Undefined) {
        // An undefined function-like macro's call is an error where the
        // test is reached: leave it to the preprocessor.
        if (E->K == Cond::Call)
          return Strict ? nullptr : E;
        Changed = true;
        return makeInt(0);
      }
      CondPtr R;
      if (K == Kind::Project && !Expanding.count(E->Name))
        R = E->K == Cond::Defined
                ? definedAt(E->Name, File, D)
                : valueAt(*E, File, D, Strict, Expanding, Context);
      if (!R && K == Kind::Project && InReachedFile)
        Unresolved.insert(E->Name);
      if (!R)
        return Strict ? nullptr : E;
      Changed = true;
      return R;
    }
    case Cond::Unary:
    case Cond::Binary:
    case Cond::Ternary: {
      int Ctx = operandContext(*E);
      auto N = std::make_shared<Cond>(*E);
      for (CondPtr &O : N->Operands) {
        O = resolveAt(O, File, D, Strict, Expanding, Ctx, Changed);
        if (!O)
          return nullptr;
      }
      return N;
    }
    }
    return nullptr;
  }

  CondPtr definedAt(const std::string &M, unsigned File, unsigned D) {
    auto Seen = stateAt(M, File, D);
    if (!Seen)
      return nullptr;
    CondPtr R = makeInt(0);
    for (const SeenSite &S : *Seen)
      R = S.D->Kind == DirectiveKind::Define
              ? makeBinary("||", S.Presence, R)
              : makeBinary("&&", makeNot(S.Presence), R);
    return simplifyCondition(R, false);
  }

  /// The value of the macro use Use (an identifier, or a call of a
  /// function-like macro) at directive D of File.
  CondPtr valueAt(const Cond &Use, unsigned File, unsigned D, bool Strict,
                  std::set<std::string> &Expanding, int Context) {
    const std::string &M = Use.Name;
    bool IsCall = Use.K == Cond::Call;
    bool Unordered = false;
    auto Seen = stateAt(M, File, D, &Unordered);
    if (!Seen)
      return nullptr;
    // Sites read in an unknown order give one value only if no two of them
    // are present together (judged over features only).
    if (Unordered)
      for (size_t I = 0; I < Seen->size(); ++I)
        for (size_t J = I + 1; J < Seen->size(); ++J) {
          CondPtr Both = makeAnd({(*Seen)[I].Presence, (*Seen)[J].Presence});
          std::set<std::string> Ms;
          collectMacros(*Both, Ms);
          if (!llvm::all_of(
                  Ms,
                  [&](const std::string &X) { return F.isFeatureMacro(X); }) ||
              isSatisfiable(*Both, F))
            return nullptr;
        }
    if (IsCall) {
      // An undefined function-like macro does not evaluate to 0 in a call:
      // it must be defined wherever the test is reached.
      CondPtr Def = definedAt(M, File, D);
      if (!Def || Def->K != Cond::Int || Def->Value != 1)
        return nullptr;
    }
    CondPtr R = makeInt(0);
    Expanding.insert(M);
    auto Fail = [&] {
      Expanding.erase(M);
      return nullptr;
    };
    for (const SeenSite &S : *Seen) {
      CondPtr V = makeInt(0);
      if (S.D->Kind == DirectiveKind::Define) {
        auto Body = bodyOf(*S.D);
        // Pasted text binds as the preprocessor parses it: the body must
        // bind tighter than the operator around the macro.
        if (!Body || Body->Precedence <= Context || S.D->FunctionLike != IsCall)
          return Fail();
        // What the body's root is pasted under: nothing if the body is
        // parenthesized, else the operator around the use (`#define A B`
        // pastes B's body where A was).
        int RootContext = Body->Parenthesized ? -1 : Context;
        CondPtr Tree = Body->Tree;
        if (IsCall) {
          if (Body->Params.size() != Use.Operands.size())
            return Fail();
          Tree =
              substituteParams(Tree, Body->Params, Use.Operands, RootContext);
          if (!Tree)
            return Fail();
        }
        bool Ignored = false;
        // The body expands at the test, so its macros resolve there.
        V = resolveAt(Tree, File, D, Strict, Expanding, RootContext, Ignored);
        if (!V)
          return Fail();
      }
      R = makeTernary(S.Presence, V, R);
    }
    Expanding.erase(M);
    return simplifyCondition(R, false);
  }

  /// The sites of M the preprocessor has certainly seen at directive D of
  /// File, in order; nullopt if that cannot be established.
  /// Unordered: set when the sites come from several files whose order the
  /// preprocessor reads them in is unknown (all #defines).
  std::optional<std::vector<SeenSite>> stateAt(const std::string &M,
                                               unsigned File, unsigned D,
                                               bool *Unordered = nullptr) {
    auto It = P.Sites.find(M);
    if (It == P.Sites.end())
      return std::nullopt;
    const std::vector<Site> &All = It->second;
    std::set<unsigned> InFiles;
    for (const Site &S : All)
      InFiles.insert(S.File);
    std::vector<Site> Used;
    if (InFiles.size() == 1 && *InFiles.begin() == File) {
      const FileInfo &FI = P.Files[File];
      if (!FI.readOnce() && !FI.IncludedAt.empty())
        return std::nullopt;
      for (const Site &S : All)
        if (S.Directive < D)
          Used.push_back(S);
    } else if (InFiles.size() == 1) {
      // Read completely before the test by every unit, or by none; or
      // included under a condition that every site of M implies.
      if (P.beforeAt(File, D).test(*InFiles.begin()))
        Used = All;
      else if (P.maybeBeforeAt(File, D).test(*InFiles.begin())) {
        if (!sitesNeedTheirInclude(*InFiles.begin(), All, File, D))
          return std::nullopt;
        Used = All;
      }
    } else if (auto Ordered = orderedBefore(M, InFiles, File, D)) {
      Used = std::move(*Ordered);
    } else {
      // A constant defined identically, unconditionally, in several files.
      const Directive *First = nullptr;
      bool Visible = false, Identical = true;
      llvm::BitVector Before = P.beforeAt(File, D);
      for (const Site &S : All) {
        const FileInfo &FI = P.Files[S.File];
        const Directive &Dv = FI.FS->Directives[S.Directive];
        if (Dv.Kind != DirectiveKind::Define ||
            !FI.unconditional(S.Directive) || (First && Dv.Body != First->Body))
          Identical = false;
        First = &Dv;
        Visible = Visible || Before.test(S.File) ||
                  (S.File == File && S.Directive < D);
      }
      if (Identical && Visible)
        return std::vector<SeenSite>{{makeInt(1), First}};
      // A hook defined by an option in one header and given a default in
      // another (`#if defined(USE_CHECK)` / `#define check(e) assert(e)`,
      // later `#if !defined(check)` / `#define check(e) ((void)0)`): the
      // #defines of files read completely before the test and those of the
      // testing file before it (read once). Their order across files is
      // unknown: only #defines (no #undef), and valueAt needs them
      // exclusive (Unordered). A file no unit can have read before the
      // test holds no site seen there (Lua's core and auxiliary headers
      // each define the assertion macro; no unit reads both).
      llvm::BitVector Maybe = P.maybeBeforeAt(File, D);
      for (const Site &S : All) {
        const FileInfo &FI = P.Files[S.File];
        if (FI.FS->Directives[S.Directive].Kind != DirectiveKind::Define)
          return std::nullopt;
        if (S.File == File) {
          if (!FI.readOnce() && !FI.IncludedAt.empty())
            return std::nullopt;
          if (S.Directive < D)
            Used.push_back(S);
        } else if (Before.test(S.File)) {
          Used.push_back(S);
        } else if (!Maybe.test(S.File)) {
          continue; // Never read before the test.
        } else {
          return std::nullopt; // Perhaps read before the test, perhaps not.
        }
      }
      if (Unordered)
        *Unordered = true;
    }
    std::vector<SeenSite> Out;
    for (const Site &S : Used) {
      CondPtr Pr = presenceOf(S.File, P.Files[S.File].Places[S.Directive]);
      if (!Pr)
        return std::nullopt;
      Out.push_back({Pr, &P.Files[S.File].FS->Directives[S.Directive]});
    }
    return Out;
  }

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
                             unsigned File, unsigned D) {
    if (!P.Files[H].readOnce() || P.cyclic())
      return false;
    std::vector<CondPtr> Includes;
    for (const IncludeSite &I : P.Files[File].Includes) {
      if (I.Directive >= D || I.Targets != std::vector<unsigned>{H})
        continue;
      CondPtr C = loosePresenceOf(File, P.Files[File].Places[I.Directive], D);
      if (!C)
        return false;
      Includes.push_back(C);
    }
    if (Includes.empty())
      return false;
    CondPtr Read = simplifyCondition(makeOr(Includes));
    std::vector<CondPtr> Presences;
    for (const Site &S : Sites) {
      CondPtr Pr = presenceOf(S.File, P.Files[S.File].Places[S.Directive]);
      if (!Pr)
        return false;
      Presences.push_back(Pr);
    }
    std::set<std::string> Ms;
    collectMacros(*Read, Ms);
    for (const CondPtr &Pr : Presences)
      collectMacros(*Pr, Ms);
    std::vector<std::string> Booleans;
    for (const std::string &M : Ms)
      if (F.isFeatureMacro(M)) {
        if (F.isNumeric(M))
          return false;
        Booleans.push_back(M);
      }
    if (Booleans.size() > 8)
      return false;
    for (unsigned Bits = 0; Bits < (1u << Booleans.size()); ++Bits) {
      std::map<std::string, bool> Known;
      for (size_t I = 0; I < Booleans.size(); ++I)
        Known[Booleans[I]] = (Bits >> I) & 1;
      CondPtr R = simplifyCondition(assignBooleans(Read, Known));
      if (R->K == Cond::Int && R->Value != 0)
        continue; // H is read before D.
      if (R->K != Cond::Int)
        return false;
      for (const CondPtr &Pr : Presences) {
        CondPtr Q = simplifyCondition(assignBooleans(Pr, Known));
        if (Q->K != Cond::Int || Q->Value != 0)
          return false;
      }
    }
    return true;
  }

  /// The presence condition of a place in File, its tests resolved
  /// where they can be (a macro left as it is is no feature: the
  /// assignments of sitesNeedTheirInclude then give up).
  /// Branches that also hold directive Within are left out: the test
  /// there is reached only where they are entered.
  CondPtr loosePresenceOf(unsigned File, Place Pl, unsigned Within) {
    const FileInfo &FI = P.Files[File];
    if (Pl.Group < 0 ||
        (FI.Guard && static_cast<unsigned>(Pl.Group) == *FI.Guard))
      return makeInt(1);
    const CondGroup &G = FI.FS->Groups[Pl.Group];
    unsigned Open = G.Branches[Pl.Branch].DirectiveIndex;
    unsigned Close = Pl.Branch + 1 < G.Branches.size()
                         ? G.Branches[Pl.Branch + 1].DirectiveIndex
                         : G.EndifIndex;
    if (Open < Within && Within < Close)
      return makeInt(1);
    CondPtr Outer =
        G.ParentGroup
            ? loosePresenceOf(
                  File, {static_cast<int>(*G.ParentGroup), G.ParentBranch},
                  Within)
            : makeInt(1);
    if (!Outer)
      return nullptr;
    std::vector<CondPtr> Parts{Outer};
    for (unsigned BI = 0; BI <= Pl.Branch; ++BI) {
      const CondGroup::Branch &B = G.Branches[BI];
      if (!B.Condition)
        continue;
      bool Ignored = false;
      CondPtr T =
          resolve(testOf(*FI.FS, B), File, B.DirectiveIndex, false, Ignored);
      if (!T)
        return nullptr;
      Parts.push_back(BI == Pl.Branch ? T : makeNot(T));
    }
    return simplifyCondition(makeAnd(Parts));
  }

  /// The sites of M in several files, when one of them is a header every
  /// unit has completely read before directive D of File and reading it
  /// reads every site, in that order (ProjectMacros::sitesInReadingOrder).
  std::optional<std::vector<Site>>
  orderedBefore(const std::string &M, const std::set<unsigned> &InFiles,
                unsigned File, unsigned D) {
    if (InFiles.count(File))
      return std::nullopt;
    llvm::BitVector Before = P.beforeAt(File, D);
    for (unsigned Root : InFiles) {
      if (Before.test(Root))
        if (auto Order = P.sitesInReadingOrder(Root, M))
          return Order;
    }
    return std::nullopt;
  }

  /// The presence condition of a place in File (the guard's branch is
  /// always entered: a guarded file is read once).
  CondPtr presenceOf(unsigned File, Place Pl) {
    const FileInfo &FI = P.Files[File];
    if (Pl.Group < 0 ||
        (FI.Guard && static_cast<unsigned>(Pl.Group) == *FI.Guard))
      return makeInt(1);
    auto Key =
        std::make_tuple(File, static_cast<unsigned>(Pl.Group), Pl.Branch);
    if (auto It = Presence.find(Key); It != Presence.end())
      return It->second;
    if (!InProgress.insert(Key).second)
      return nullptr;
    const CondGroup &G = FI.FS->Groups[Pl.Group];
    CondPtr Outer = G.ParentGroup
                        ? presenceOf(File, {static_cast<int>(*G.ParentGroup),
                                            G.ParentBranch})
                        : makeInt(1);
    std::vector<CondPtr> Parts{Outer};
    for (unsigned BI = 0; Outer && BI <= Pl.Branch; ++BI) {
      const CondGroup::Branch &B = G.Branches[BI];
      if (!B.Condition)
        continue;
      bool Ignored = false;
      CondPtr T =
          resolve(testOf(*FI.FS, B), File, B.DirectiveIndex, true, Ignored);
      if (!T) {
        Outer = nullptr;
        break;
      }
      Parts.push_back(BI == Pl.Branch ? T : makeNot(T));
    }
    CondPtr R = Outer ? simplifyCondition(makeAnd(Parts)) : nullptr;
    if (R && conditionSize(*R) > MaxConditionSize)
      R = nullptr;
    InProgress.erase(Key);
    Presence[Key] = R;
    return R;
  }

public:
  /// Whether some #define of M lies where features decide (its presence
  /// mentions one, or cannot be worked out).
  bool definedPerFeature(const std::string &M) {
    auto It = P.Sites.find(M);
    if (It == P.Sites.end())
      return false;
    for (const Site &S : It->second) {
      CondPtr Pr = presenceOf(S.File, P.Files[S.File].Places[S.Directive]);
      if (!Pr || mentionsFeature(*Pr, F))
        return true;
    }
    return false;
  }

  /// A boolean feature M that the project also #defines, only where its
  /// selection is implied by another feature (a config header's
  /// `#if defined(SSL) && !defined(CRYPTO)` / `#define CRYPTO 1` /
  /// `#endif`): every site is `#define M 1` (or empty), alone in a
  /// one-branch group outside other groups (an include guard aside) whose
  /// own test is a conjunction holding `!defined(M)`.
  bool isImplied(const std::string &M) {
    auto [It, New] = Implied.try_emplace(M, false);
    if (!New)
      return It->second;
    auto Sites = P.Sites.find(M);
    if (F.isNumeric(M) || Sites == P.Sites.end())
      return false;
    bool All = true;
    for (const Site &S : Sites->second)
      All = All && impliedSite(M, S);
    return It->second = All;
  }

  /// Whether the tests being resolved lie in a file some unit reads (only
  /// those count for Unresolved).
  bool InReachedFile = true;

  /// A default that a feature undoes (`#define ASM_OPT` in the config
  /// header, `#if defined(NO_ASM_OPT)` / `#undef ASM_OPT` / `#endif` in a
  /// user config file it includes) whose every test was resolved into a
  /// condition over that feature: the groups of its #undef sites, which
  /// the simulator (compiled without -D flags) then never enters. Empty if
  /// M is not such a default.
  std::vector<CondGroup *> undoneDefault(const std::string &M) const {
    auto It = P.Sites.find(M);
    if (It == P.Sites.end() || F.isFeatureMacro(M) || isPlatformMacro(M) ||
        F.CommandLineDefines.count(M) || Unresolved.count(M))
      return {};
    std::vector<CondGroup *> Groups;
    unsigned Defines = 0;
    for (const Site &S : It->second) {
      const FileInfo &FI = P.Files[S.File];
      const Directive &Dv = FI.FS->Directives[S.Directive];
      if (Dv.Kind == DirectiveKind::Define) {
        llvm::StringRef Body = llvm::StringRef(Dv.Replacement).trim();
        // A body that code could read would differ in the simulator.
        if (Dv.FunctionLike || !(Body.empty() || Body == "1") ||
            !FI.unconditional(S.Directive) || ++Defines > 1)
          return {};
        continue;
      }
      CondGroup *G = aloneInGroup(S);
      if (!G)
        return {};
      CondPtr Test =
          directiveTest(FI.FS->Directives[G->Branches[0].DirectiveIndex]);
      if (!Test || !mentionsFeatureMacro(*Test))
        return {};
      Groups.push_back(G);
    }
    if (Defines != 1 || Groups.empty())
      return {};
    return Groups;
  }

  /// The one-branch group, outside others (an include guard aside), whose
  /// only content is the directive of S; nullptr if there is none.
  CondGroup *aloneInGroup(const Site &S) const {
    const FileInfo &FI = P.Files[S.File];
    FileStructure &FS = *FI.FS;
    const Place &Pl = FI.Places[S.Directive];
    if (FI.unconditional(S.Directive))
      return nullptr;
    CondGroup &G = FS.Groups[Pl.Group];
    if (G.Branches.size() != 1 ||
        (G.ParentGroup && (!FI.Guard || *G.ParentGroup != *FI.Guard)))
      return nullptr;
    const CondGroup::Branch &B = G.Branches[0];
    const Directive &Dv = FS.Directives[S.Directive];
    if (B.Directives.size() != 1 || !B.Children.empty() ||
        FS.lineOf(B.ContentEnd) - FS.lineOf(B.ContentBegin) != Dv.PhysicalLines)
      return nullptr;
    return &G;
  }

  bool mentionsFeatureMacro(const Cond &C) const {
    std::set<std::string> Ms;
    collectMacros(C, Ms);
    return llvm::any_of(
        Ms, [&](const std::string &X) { return F.isFeatureMacro(X); });
  }

  /// The implied features whose every test was resolved: their sites'
  /// groups can leave the feature analysis (the simulator, compiled
  /// without -D flags, never enters them either).
  std::vector<std::string> impliedAndResolved() const {
    std::vector<std::string> Out;
    for (const auto &[M, Is] : Implied)
      if (Is && !Unresolved.count(M))
        Out.push_back(M);
    return Out;
  }

  /// The branch's test: its condition, or, for a group this pass has
  /// neutralized (condition 0), the test its directive reads.
  static CondPtr testOf(const FileStructure &FS, const CondGroup::Branch &B) {
    if (B.Condition && B.Condition->K == Cond::Int && B.Condition->Value == 0)
      if (CondPtr O = directiveTest(FS.Directives[B.DirectiveIndex]))
        return O;
    return B.Condition;
  }

  static CondPtr directiveTest(const Directive &D) {
    std::string Name =
        D.Macro.empty() ? llvm::StringRef(D.Body).trim().str() : D.Macro;
    switch (D.Kind) {
    case DirectiveKind::Ifdef:
      return makeDefined(Name);
    case DirectiveKind::Ifndef:
      return makeNot(makeDefined(Name));
    case DirectiveKind::If: {
      auto C = parseCondition(D.Body);
      if (!C) {
        llvm::consumeError(C.takeError());
        return nullptr;
      }
      return *C;
    }
    default:
      return nullptr;
    }
  }

  /// The one-branch group holding an implied site of M, or nullptr.
  CondGroup *impliedGroup(const std::string &M, const Site &S) const {
    const FileInfo &FI = P.Files[S.File];
    FileStructure &FS = *FI.FS;
    const Directive &Dv = FS.Directives[S.Directive];
    llvm::StringRef Body = llvm::StringRef(Dv.Replacement).trim();
    if (Dv.Kind != DirectiveKind::Define || Dv.FunctionLike ||
        (Body != "1" && !Body.empty()))
      return nullptr;
    const Place &Pl = FI.Places[S.Directive];
    if (Pl.Group < 0 ||
        (FI.Guard && static_cast<unsigned>(Pl.Group) == *FI.Guard))
      return nullptr;
    CondGroup &G = FS.Groups[Pl.Group];
    if (G.Branches.size() != 1 ||
        (G.ParentGroup && (!FI.Guard || *G.ParentGroup != *FI.Guard)))
      return nullptr;
    const CondGroup::Branch &B = G.Branches[0];
    // Nothing else in the branch: the define's lines are all its lines.
    if (B.Directives.size() != 1 || !B.Children.empty() ||
        FS.lineOf(B.ContentEnd) - FS.lineOf(B.ContentBegin) != Dv.PhysicalLines)
      return nullptr;
    CondPtr Test = directiveTest(FS.Directives[B.DirectiveIndex]);
    if (!Test)
      return nullptr;
    std::vector<const Cond *> Conjuncts, Stack{Test.get()};
    while (!Stack.empty()) {
      const Cond *C = Stack.back();
      Stack.pop_back();
      if (C->K == Cond::Binary && C->Op == "&&") {
        for (const CondPtr &O : C->Operands)
          Stack.push_back(O.get());
        continue;
      }
      Conjuncts.push_back(C);
    }
    for (const Cond *C : Conjuncts)
      if (C->K == Cond::Unary && C->Op == "!" &&
          C->Operands[0]->K == Cond::Defined && C->Operands[0]->Name == M)
        return &G;
    return nullptr;
  }

  bool impliedSite(const std::string &M, const Site &S) const {
    return impliedGroup(M, S) != nullptr;
  }

private:
  /// An implied feature at directive D of File: itself, or'ed with the
  /// presence conditions of the sites read before (`defined(CRYPTO)` after
  /// the config header is `CRYPTO || SSL`); nullptr if not certain.
  CondPtr impliedAt(const CondPtr &E, unsigned File, unsigned D) {
    auto Seen = stateAt(E->Name, File, D);
    if (!Seen)
      return nullptr;
    if (Seen->empty())
      return E;
    std::vector<CondPtr> Or{E};
    for (const SeenSite &S : *Seen) {
      if (E->K == Cond::Ident &&
          llvm::StringRef(S.D->Replacement).trim().empty())
        return nullptr; // `#if M` on an empty definition: not an integer.
      // M || (X && !M) is M || X.
      Or.push_back(withoutNegated(S.Presence, E->Name));
    }
    return simplifyCondition(makeOr(Or), false);
  }

  /// C without its conjuncts `!defined(M)` / `!M`.
  static CondPtr withoutNegated(const CondPtr &C, const std::string &M) {
    if (C->K == Cond::Unary && C->Op == "!" &&
        (C->Operands[0]->K == Cond::Defined ||
         C->Operands[0]->K == Cond::Ident) &&
        C->Operands[0]->Name == M)
      return makeInt(1);
    if (C->K == Cond::Binary && C->Op == "&&")
      return makeAnd({withoutNegated(C->Operands[0], M),
                      withoutNegated(C->Operands[1], M)});
    return C;
  }

  ProjectMacros &P;
  const FeatureSetup &F;
  const std::set<std::string> *External = nullptr;
  const TargetMacros *Target = nullptr;
  std::map<std::string, bool> Implied;
  std::set<std::string> Unresolved;
  std::map<std::tuple<unsigned, unsigned, unsigned>, CondPtr> Presence;
  std::set<std::tuple<unsigned, unsigned, unsigned>> InProgress;
};

/// True if some #define's body names M.
/// Only in the files Reached marks, if given.
bool namedInMacroBodies(const ProjectMacros &P, const std::string &M,
                        const std::vector<bool> *Reached = nullptr) {
  for (unsigned F = 0; F < P.Files.size(); ++F) {
    const FileInfo &FI = P.Files[F];
    if (Reached && !(*Reached)[F])
      continue;
    for (const Directive &D : FI.FS->Directives) {
      if (D.Kind != DirectiveKind::Define)
        continue;
      llvm::StringRef Text(D.Replacement);
      for (size_t At = Text.find(M); At != llvm::StringRef::npos;
           At = Text.find(M, At + 1)) {
        bool Start =
            At == 0 || !(llvm::isAlnum(Text[At - 1]) || Text[At - 1] == '_');
        size_t E = At + M.size();
        bool End =
            E == Text.size() || !(llvm::isAlnum(Text[E]) || Text[E] == '_');
        if (Start && End)
          return true;
      }
    }
  }
  return false;
}

bool mentionsFeature(const Cond &C, const FeatureSetup &F) {
  std::set<std::string> Ms;
  collectMacros(C, Ms);
  return llvm::any_of(
      Ms, [&](const std::string &M) { return F.isFeatureMacro(M); });
}

/// E with the boolean features whose state the enclosing branches fix
/// (their tests, conjunctions of feature literals, as this pass left them)
/// replaced by that state: a site's presence repeats the test around the
/// test that reads it (`#if defined(AESNI)` / ... / `#elif
/// defined(HAVE_INTRINSICS)`, both read `!defined(NO_AESNI)`), which would
/// otherwise leave a feature mixed with platform macros.
CondPtr substituteKnown(const CondPtr &E,
                        const std::map<std::string, bool> &Known) {
  if (E->K == Cond::Defined)
    if (auto It = Known.find(E->Name); It != Known.end())
      return makeInt(It->second ? 1 : 0);
  if (E->Operands.empty())
    return E;
  auto N = std::make_shared<Cond>(*E);
  for (CondPtr &O : N->Operands)
    O = substituteKnown(O, Known);
  return N;
}

CondPtr underEnclosingFeatures(const CondPtr &R, const FileStructure &FS,
                               const CondGroup &G, const FeatureSetup &F) {
  std::map<std::string, bool> Known;
  const CondGroup *Cur = &G;
  while (Cur->ParentGroup) {
    const CondGroup &Parent = FS.Groups[*Cur->ParentGroup];
    const CondGroup::Branch &B = Parent.Branches[Cur->ParentBranch];
    if (B.Condition)
      if (auto Lits = asConjunction(*B.Condition))
        for (const MacroLiteral &L : *Lits)
          if (F.isFeatureMacro(L.Macro) && !F.isNumeric(L.Macro))
            Known.emplace(L.Macro, !L.Negated);
    Cur = &Parent;
  }
  if (Known.empty())
    return R;
  return simplifyCondition(substituteKnown(R, Known));
}

} // namespace

llvm::Error resolveDerivedMacros(
    std::map<std::string, FileStructure> &Structures,
    const FeatureSetup &Features, const std::set<std::string> *Units,
    const std::set<std::string> *External, const TargetMacros *Target) {
  ProjectMacros P(Structures, Units, Features);
  Resolver Res(P, Features, External, Target);
  for (unsigned File = 0; File < P.Files.size(); ++File) {
    FileStructure &FS = *P.Files[File].FS;
    Res.InReachedFile = P.ReachedFiles[File];
    for (CondGroup &G : FS.Groups) {
      // A group is classified as a whole: when one of its tests ends up on
      // features, every test of the group that changed is replaced (an
      // `#elif HAVE_X` that is always true becomes `#elif 1`). Elsewhere
      // the preprocessor keeps evaluating the original tests, which is
      // right as long as no macro in them is defined per feature (the
      // rewrite refuses those as before).
      std::vector<CondPtr> New(G.Branches.size());
      bool OnFeatures = false;
      // Or when its tests end up constant though they test a macro that
      // features define elsewhere (`#if !defined(check)` in a header no
      // unit reads after the one that defines `check` per feature): left
      // alone, the test would look like a run-time test of that macro.
      bool Settled = true, OfPerFeature = false;
      for (size_t BI = 0; BI < G.Branches.size(); ++BI) {
        const CondGroup::Branch &B = G.Branches[BI];
        if (!B.Condition)
          continue;
        bool Changed = false;
        CondPtr R =
            Res.resolve(B.Condition, File, B.DirectiveIndex, false, Changed);
        if (!R || !Changed) {
          Settled = false;
          continue;
        }
        R = underEnclosingFeatures(R, FS, G, Features);
        New[BI] = R;
        // A test of features that resolving made constant (`#if
        // !defined(NEVER_DEFINED) || FEATURE == 0`) is settled too.
        OnFeatures = OnFeatures || mentionsFeature(*R, Features) ||
                     mentionsFeature(*B.Condition, Features);
        Settled = Settled && R->K == Cond::Int;
        if (R->K == Cond::Int && !OfPerFeature) {
          std::set<std::string> Tested;
          collectMacros(*B.Condition, Tested);
          // (a default the group itself defines, or a test of a limit
          // clamped per feature that reads the same in every configuration:
          // `#if MAX_HELPERS >= MERGE_COUNT` where MAX_HELPERS is 0 or 8).
          OfPerFeature = llvm::any_of(Tested, [&](const std::string &M) {
            return !Features.isFeatureMacro(M) && Res.definedPerFeature(M);
          });
        }
      }
      if (!OnFeatures && !(Settled && OfPerFeature))
        continue;
      for (size_t BI = 0; BI < G.Branches.size(); ++BI)
        if (New[BI])
          G.Branches[BI].Condition = New[BI];
    }
  }
  // The sites of an implied feature whose every test now reads the
  // implication leave the feature analysis: their groups get the condition
  // 0 (the directive keeps the test, for the next run), as the simulator,
  // compiled without -D flags, never enters them. Not if another macro's
  // body names the feature (its expansion would read the feature alone).
  for (const std::string &M : Res.impliedAndResolved()) {
    if (namedInMacroBodies(P, M))
      continue;
    for (const Site &S : P.Sites.at(M))
      if (CondGroup *G = Res.impliedGroup(M, S))
        G->Branches[0].Condition = makeInt(0);
  }
  // Likewise the #undef sites of a default a feature undoes, once every
  // test of it reads that feature: the simulator keeps the default's
  // #define and reads the feature at run time instead.
  std::vector<std::pair<std::string, std::vector<CondGroup *>>> Undone;
  for (const auto &[M, Ss] : P.Sites)
    if (auto Groups = Res.undoneDefault(M);
        !Groups.empty() && !namedInMacroBodies(P, M, &P.ReachedFiles))
      Undone.emplace_back(M, std::move(Groups));
  for (auto &[M, Groups] : Undone)
    for (CondGroup *G : Groups)
      G->Branches[0].Condition = makeInt(0);
  return llvm::Error::success();
}

} // namespace varsim::rewrite
