//===- rewrite/globals/Discovery.cpp - Candidates and facts ---------------===//
//
// The lowering's discovery. Reads the input (texts, #if structures, the
// features) and adds the Discovered record: the feature groups, the
// project's #defines and the watched macros (defined per feature, features,
// or naming one), whether a lexical scan finds any candidate (precheck),
// and the facts of parsing every unit in configurations covering every
// feature branch (parseAll).
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/LoweringState.h"

#include "rewrite/ParseLoop.h"
#include "rewrite/globals/LexicalScan.h"
#include "support/Diagnostic.h"

namespace varsim::rewrite::globals::lowering {

/// Whether File is compiled as C++ (a header: by the project's TUs).
bool Discovered::cxxFile(const std::string &File) const {
  if (std::optional<bool> Cxx = isCxxFileName(File))
    return *Cxx;
  return AnyCxx && !AnyC;
}

llvm::Error Discovered::located(const std::string &File, unsigned Line,
                                unsigned Col, const std::string &Msg) const {
  // Absolute, like the rest of the rewriter's messages.
  return makeError(File, Line, Col, Msg);
}

/// The innermost feature group holding Offset, if any.
std::optional<unsigned>
Discovered::innermostFeatureGroup(const std::string &File,
                                  unsigned Offset) const {
  const FileStructure &FS = structure(File);
  const FileGroups &FG = Groups.at(File);
  std::optional<unsigned> Best;
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
    if (!FG.Groups[GI].IsFeature)
      continue;
    for (const CondGroup::Branch &B : FS.Groups[GI].Branches)
      if (B.ContentBegin <= Offset && Offset < B.ContentEnd)
        Best = GI; // Later groups are nested deeper.
  }
  return Best;
}

bool Discovered::namesWatched(llvm::StringRef Body) const {
  bool Found = false;
  forIdentifiers(Body, [&](size_t, llvm::StringRef Id) {
    Found = Found || Watched.count(Id.str());
  });
  return Found;
}

/// Whether some unit read File (known once the units are parsed): the
/// definitions of a file no unit reads neither decide nor give a value.
bool Discovered::unitsRead(const std::string &File) const {
  return Facts.Included.empty() || Facts.Included.count(File) != 0;
}

bool Discovered::onDirectiveLine(const std::string &File,
                                 unsigned Offset) const {
  const std::string &T = text(File);
  size_t LS = llvm::StringRef(T).rfind('\n', Offset);
  LS = LS == llvm::StringRef::npos ? 0 : LS + 1;
  llvm::StringRef Line = llvm::StringRef(T).substr(LS).ltrim(" \t");
  return Line.starts_with("#");
}

static void collectStringifiers(Discovered &Dx);

void collectMacroDefs(Discovered &Dx) {
  for (const auto &[File, FS] : Dx.In.Structures) {
    const FileGroups &FG = Dx.Groups.at(File);
    for (const Directive &D : FS.Directives) {
      if (D.Kind != DirectiveKind::Define || D.Macro.empty())
        continue;
      // A definition no configuration enters gives no value and decides
      // nothing (sqlite3ext.h's `#define sqlite3_mutex_enter
      // sqlite3_api->mutex_enter` under `!defined(SQLITE_CORE)` in the
      // amalgamation, after mutex.h's no-op `sqlite3_mutex_enter(X)`: a
      // function copy per SQLITE_THREADSAFE read the redirection).
      if (FS.settledOffAt(D.Begin))
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
      if (auto GI = Dx.innermostFeatureGroup(File, D.Begin)) {
        M.Decides = DecisionKey{0, File, *GI, ""};
        Dx.PerFeature.insert(D.Macro);
      }
      Dx.MacroDefs[D.Macro].push_back(std::move(M));
    }
  }
  Dx.Watched = Dx.PerFeature;
  for (const std::string &M : Dx.In.Features.macros())
    Dx.Watched.insert(M);
  // Macros whose body names a watched one (a few levels).
  for (int Round = 0; Round < 4; ++Round) {
    bool Changed = false;
    for (const auto &[Name, Defs] : Dx.MacroDefs) {
      if (Dx.Watched.count(Name))
        continue;
      for (const MacroDef &D : Defs)
        if (Dx.namesWatched(D.Replacement)) {
          Dx.Watched.insert(Name);
          Changed = true;
          break;
        }
    }
    if (!Changed)
      break;
  }
  collectStringifiers(Dx);
}

/// The function-like macros that may stringify an argument: a `#` before
/// a parameter in the body, or a body naming such a macro (by name only:
/// an over-approximation, for the lexical pre-check); and the macros whose
/// text is a feature's value.
static void collectStringifiers(Discovered &Dx) {
  for (const auto &[Name, Defs] : Dx.MacroDefs)
    for (const MacroDef &D : Defs) {
      if (!D.FunctionLike)
        continue;
      llvm::StringRef Body = D.Replacement;
      for (size_t At = Body.find('#'); At != llvm::StringRef::npos;
           At = Body.find('#', At + 1)) {
        if (Body.substr(At).starts_with("##") ||
            (At > 0 && Body[At - 1] == '#')) {
          ++At;
          continue;
        }
        llvm::StringRef Rest = Body.substr(At + 1).ltrim();
        size_t Len = 0;
        while (Len < Rest.size() &&
               (llvm::isAlnum(Rest[Len]) || Rest[Len] == '_'))
          ++Len;
        if (Len && llvm::StringRef(D.Params).contains(Rest.take_front(Len))) {
          Dx.Stringifiers.insert(Name);
          break;
        }
      }
    }
  for (const std::string &M : Dx.In.Features.macros())
    Dx.FeatureValued.insert(M);
  for (const auto &[Name, Defs] : Dx.MacroDefs)
    for (const MacroDef &D : Defs)
      forIdentifiers(D.Replacement, [&](size_t, llvm::StringRef Id) {
        if (Dx.In.Features.isFeatureMacro(Id.str()))
          Dx.FeatureValued.insert(Name);
      });
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[Name, Defs] : Dx.MacroDefs)
      for (const MacroDef &D : Defs)
        if (D.FunctionLike && !Dx.Stringifiers.count(Name))
          forIdentifiers(D.Replacement, [&](size_t, llvm::StringRef Id) {
            if (!Changed && Dx.Stringifiers.count(Id.str()) &&
                !Dx.Stringifiers.count(Name)) {
              Dx.Stringifiers.insert(Name);
              Changed = true;
            }
          });
  }
}

bool precheck(const Discovered &Dx) {
  bool Any = false;
  for (const auto &[File, Text] : Dx.In.Texts) {
    auto S = Dx.In.Structures.find(File);
    if (S == Dx.In.Structures.end())
      continue;
    if (mayHaveFileScopeVariability(Text, S->second, Dx.Groups.at(File),
                                    Dx.Watched, Dx.Stringifiers,
                                    Dx.FeatureValued)) {
      Any = true;
      if (Dx.In.Log)
        *Dx.In.Log << "file-scope variability: candidate "
                   << Dx.In.Project.relativeToRoot(File) << "\n";
    }
  }
  return Any;
}

/// Parses every unit in configurations covering every feature branch.
/// False if one does not compile: then the project is left alone, and
/// the later stages report the error at its location.
/// A function whose return type is chosen by a feature group before its
/// name: its text, its copies and its presence start at the group's #if
/// line (declarationStart).
static void widenFunctionHeads(Discovered &Dx) {
  for (auto &[_, F] : Dx.Facts.Functions)
    if (Dx.In.Structures.count(F.File))
      F.DeclBegin =
          declarationStart(Dx.structure(F.File), F.DeclBegin, F.NameOffset);
  // A prototype alike (the parses see different first tokens).
  for (auto &[_, P] : Dx.Facts.Protos)
    if (P.End && Dx.In.Structures.count(P.File))
      P.Begin = declarationStart(Dx.structure(P.File), P.Begin, P.NameOffset);
}

bool parseAll(Discovered &Dx) {
  std::vector<CondPtr> ToCover;
  std::set<std::string> Seen;
  for (const auto &[File, FS] : Dx.In.Structures) {
    const FileGroups &FG = Dx.Groups.at(File);
    for (size_t GI = 0; GI < FS.Groups.size(); ++GI)
      if (FG.Groups[GI].IsFeature)
        for (const CondPtr &P : FG.Groups[GI].Presence)
          if (Seen.insert(conditionText(*P, Dx.In.Features)).second)
            ToCover.push_back(P);
  }
  std::vector<fm::Configuration> Configs =
      chooseParseConfigurations(ToCover, Dx.In.Features);
  std::vector<std::string> FeatureMacros = Dx.In.Features.macros();
  std::vector<GlobalFactsJob> Jobs;
  for (const fm::Configuration &C : Configs) {
    Dx.ParseDefines.push_back(Dx.In.Features.defines(C));
    for (const CompileEntry &E : Dx.In.Project.Entries)
      Jobs.push_back({&E, Dx.In.Features.defines(C), FeatureMacros,
                      &Dx.In.Overlay, &Dx.Watched});
  }
  std::vector<GlobalFacts> Results(Jobs.size());
  parseInParallel(Dx.In.Jobs, Jobs.size(), [&](size_t I) {
    Results[I] = Dx.In.Collect ? Dx.In.Collect(Jobs[I])
                               : collectGlobalFacts(Jobs[I], Dx.In.Project);
  });
  for (size_t I = 0; I < Jobs.size(); ++I) {
    if (Results[I].Failed) {
      if (Dx.In.Log)
        *Dx.In.Log << "file-scope variability: "
                   << Dx.In.Project.relativeToRoot(Jobs[I].Entry->File)
                   << " does not compile with "
                   << llvm::join(Jobs[I].Defines, " ")
                   << ": left to the #if rewriter\n";
      return false;
    }
    Dx.Facts.merge(std::move(Results[I]));
  }
  widenFunctionHeads(Dx);
  separateExternDefinitions(Dx.Facts);
  return true;
}

} // namespace varsim::rewrite::globals::lowering
