//===- rewrite/DerivedMacrosFiles.cpp - What the preprocessor has read ----===//
//
// ProjectMacros (DerivedMacrosImpl.h): the project's files, their include
// graph (includes resolved to project files, the files a -include or a
// -D'd name brings in) and the must-analysis of what every translation
// unit has completely read before a directive, over which the resolver
// decides which #define and #undef sites the preprocessor has certainly
// seen (DerivedMacros.cpp's opening comment).
//
//===----------------------------------------------------------------------===//

#include "rewrite/DerivedMacrosImpl.h"
#include "support/SourceFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <functional>

namespace path = llvm::sys::path;

namespace varsim::rewrite::derived {

ProjectMacros::ProjectMacros(std::map<std::string, FileStructure> &Structures,
                             const std::set<std::string> *Units,
                             const FeatureSetup &Setup)
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
    CondPtr Test =
        preprocessorTest(*FI.FS, FI.FS->Groups[*FI.Guard].Branches[0]);
    auto It = Sites.find(Test->Operands[0]->Name);
    if (It != Sites.end())
      for (const Site &S : It->second)
        if (S.File != F)
          FI.Guard.reset();
  }
}

std::optional<std::vector<Site>>
ProjectMacros::sitesInReadingOrder(unsigned Root, const std::string &M) {
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

llvm::BitVector ProjectMacros::maybeBeforeAt(unsigned F, unsigned D) const {
  llvm::BitVector B = MaybeBefore[F];
  for (const IncludeSite &I : Files[F].Includes)
    if (I.Directive < D)
      for (unsigned T : I.Targets)
        B |= MayRead[T];
  return B;
}

llvm::BitVector ProjectMacros::beforeAt(unsigned F, unsigned D) const {
  llvm::BitVector B = Before[F];
  if (Cyclic)
    return B;
  for (const IncludeSite &I : Files[F].Includes)
    if (I.Definite && I.Directive < D)
      B |= Closure[I.Targets.front()];
  return B;
}

void ProjectMacros::scanFile(unsigned F) {
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
    CondPtr Test = preprocessorTest(FS, G.Branches.front());
    const Cond *C = Test.get();
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

IncludeSite ProjectMacros::resolveInclude(unsigned F, unsigned D) {
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

void ProjectMacros::computeBefore() {
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

void ProjectMacros::computeMaybeBefore() {
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

void ProjectMacros::resolveCommandLineIncludes() {
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
      if (It == Features.CommandLineEverywhere.end() || Sites.count(Name.str()))
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

bool ProjectMacros::enteredByCommandLine(unsigned F, unsigned D) const {
  const FileInfo &FI = Files[F];
  Place Pl = FI.Places[D];
  while (Pl.Group >= 0 &&
         !(FI.Guard && static_cast<unsigned>(Pl.Group) == *FI.Guard)) {
    const CondGroup &G = FI.FS->Groups[Pl.Group];
    for (unsigned BI = 0; BI <= Pl.Branch; ++BI) {
      CondPtr Test = preprocessorTest(*FI.FS, G.Branches[BI]);
      const Cond *C = Test.get();
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

std::optional<bool> ProjectMacros::knownTest(const Cond *C) const {
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

bool ProjectMacros::neverRead(const FileInfo &FI, unsigned D) const {
  Place Pl = FI.Places[D];
  while (Pl.Group >= 0) {
    const CondGroup &G = FI.FS->Groups[Pl.Group];
    const CondGroup::Branch &B = G.Branches[Pl.Branch];
    if (CondPtr Test = preprocessorTest(*FI.FS, B))
      if (auto Lits = asConjunction(*Test))
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

} // namespace varsim::rewrite::derived
