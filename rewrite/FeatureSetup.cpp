//===- rewrite/FeatureSetup.cpp - The features a rewrite encodes ----------===//

#include "rewrite/FeatureSetup.h"

#include "feature_models/Validity.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <set>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace varsim::rewrite {
namespace {

/// A FeatureIDE or SPL Conqueror model in Dir, if any (model.xml first).
std::string findModelBeside(llvm::StringRef Dir) {
  llvm::SmallString<256> Preferred(Dir);
  path::append(Preferred, "model.xml");
  if (fs::exists(Preferred))
    return std::string(Preferred);
  std::vector<std::string> Candidates;
  std::error_code EC;
  for (fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (path::extension(It->path()) != ".xml")
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(It->path());
    if (!Buf)
      continue;
    llvm::StringRef Text = (*Buf)->getBuffer();
    if (Text.contains("<featureModel") || Text.contains("<vm"))
      Candidates.push_back(It->path());
  }
  std::sort(Candidates.begin(), Candidates.end());
  return Candidates.empty() ? "" : Candidates.front();
}

/// S with the macros defined on the command line, and its concrete
/// features indexed by macro.
FeatureSetup indexed(FeatureSetup S,
                     const std::vector<std::string> &DefinedOnCommandLine) {
  S.CommandLineDefines.insert(DefinedOnCommandLine.begin(),
                              DefinedOnCommandLine.end());
  for (fm::FeatureId Id = 0; Id < S.Model.features().size(); ++Id) {
    const fm::Feature &F = S.Model.feature(Id);
    if (!F.Abstract && F.Parent)
      S.ByMacro[F.Macro] = Id;
  }
  return S;
}

/// Adds the macros FS's #if branches test to Out.
void collectTestedMacros(const FileStructure &FS, std::set<std::string> &Out) {
  for (const CondGroup &G : FS.Groups)
    for (const CondGroup::Branch &B : G.Branches)
      if (B.Condition)
        collectMacros(*B.Condition, Out);
}

/// The simulator gives a numeric feature a value in every configuration
/// (`#ifdef LEVEL` holds, `#if LEVEL > 2` reads it); a variant of a
/// configuration that leaves an optional numeric feature out is compiled
/// without -DLEVEL, where `#if LEVEL > 2` reads 0. The simulator would
/// print what LEVEL's default does, its variant what "undefined" does:
/// refused until the rewrite encodes "undefined" as a value of its own,
/// where an #if tests the macro (a use in code only runs where the
/// features that guard it hold).
llvm::Error requireNumericAlwaysSelected(const fm::FeatureModel &M,
                                         llvm::StringRef Path,
                                         const std::set<std::string> &Tested) {
  std::vector<fm::FeatureId> Core = M.coreFeatures();
  for (fm::FeatureId Id = 0; Id < M.features().size(); ++Id) {
    const fm::Feature &F = M.feature(Id);
    if (F.Kind != fm::FeatureKind::Numeric || F.Abstract ||
        !Tested.count(F.Macro) || llvm::is_contained(Core, Id))
      continue;
    return makeError(
        Path, F.Line, 0,
        "numeric feature '" + F.Name +
            "' is optional: valid configurations leave it out, and their "
            "variants are compiled without -D" +
            F.Macro + " (`#ifdef " + F.Macro + "` false, `#if " + F.Macro +
            "` reads 0), but the simulator gives a numeric feature a value "
            "in every configuration; make it mandatory (a value in every "
            "configuration; mandatory=\"true\" in FeatureIDE), or model "
            "its absence as a value of its own or as a boolean feature "
            "beside it");
  }
  return llvm::Error::success();
}

} // namespace

bool isPlatformMacro(llvm::StringRef M) {
  if (M.starts_with("_"))
    return true;
  static const char *const Known[] = {"WIN32", "WIN64", "unix", "linux",
                                      "MSDOS", "APPLE", "sun",  "i386",
                                      "true",  "false"};
  return llvm::is_contained(Known, M);
}

bool FeatureSetup::isNumeric(llvm::StringRef Macro) const {
  auto It = ByMacro.find(Macro.str());
  return It != ByMacro.end() &&
         Model.feature(It->second).Kind == fm::FeatureKind::Numeric;
}

std::vector<std::string> FeatureSetup::macros() const {
  std::vector<std::string> Out;
  for (const auto &[M, _] : ByMacro)
    Out.push_back(M);
  return Out;
}

std::optional<int64_t> FeatureSetup::macroValue(const fm::Configuration &C,
                                                llvm::StringRef Macro) const {
  auto It = ByMacro.find(Macro.str());
  if (It == ByMacro.end())
    return std::nullopt;
  const fm::Feature &F = Model.feature(It->second);
  if (F.Kind == fm::FeatureKind::Numeric)
    return It->second < C.Values.size() ? C.Values[It->second] : F.DefaultValue;
  if (It->second < C.Selected.size() && C.Selected[It->second])
    return 1;
  return std::nullopt;
}

std::vector<std::string>
FeatureSetup::defines(const fm::Configuration &C) const {
  std::vector<std::string> Out;
  for (const auto &[Macro, _] : ByMacro)
    if (auto V = macroValue(C, Macro))
      Out.push_back("-D" + Macro + "=" + std::to_string(*V));
  return Out;
}

runtime::FeatureDesc FeatureSetup::descOf(llvm::StringRef Macro) const {
  runtime::FeatureDesc D;
  auto It = ByMacro.find(Macro.str());
  if (It == ByMacro.end())
    return D;
  const fm::Feature &F = Model.feature(It->second);
  D.Name = F.Name;
  D.Macro = F.Macro;
  D.Numeric = F.Kind == fm::FeatureKind::Numeric;
  if (D.Numeric && !F.Values.empty()) {
    D.Min = *std::min_element(F.Values.begin(), F.Values.end());
    D.Max = *std::max_element(F.Values.begin(), F.Values.end());
  }
  D.Default = F.DefaultValue;
  D.Mandatory = F.Mandatory;
  D.Abstract = F.Abstract;
  return D;
}

runtime::SimulatorTables FeatureSetup::tables() const {
  runtime::SimulatorTables T;
  const std::vector<fm::Feature> &Fs = Model.features();
  // Parents first: the model's order is a pre-order of the tree.
  std::vector<unsigned> Index(Fs.size(), 0);
  for (fm::FeatureId Id = 0; Id < Fs.size(); ++Id) {
    runtime::FeatureDesc D = descOf(Fs[Id].Macro);
    D.Name = Fs[Id].Name;
    D.Macro = Fs[Id].Macro;
    D.Mandatory = Fs[Id].Mandatory;
    D.Abstract = Fs[Id].Abstract;
    D.Numeric = Fs[Id].Kind == fm::FeatureKind::Numeric;
    if (Fs[Id].Parent && Index[*Fs[Id].Parent] < T.Features.size())
      D.Parent = Index[*Fs[Id].Parent];
    Index[Id] = static_cast<unsigned>(T.Features.size());
    T.Features.push_back(std::move(D));
  }

  // Constraints: the tree's groups exactly, and what the model implies
  // between pairs of concrete features (cross-tree constraints included).
  auto Var = [&](fm::FeatureId Id) {
    return runtime::featureValueExpr(T.Features[Index[Id]]);
  };
  std::set<std::pair<fm::FeatureId, fm::FeatureId>> Covered;
  for (fm::FeatureId Id = 0; Id < Fs.size(); ++Id) {
    const fm::Feature &F = Fs[Id];
    if (F.Children.empty() || F.ChildGroup == fm::GroupKind::And)
      continue;
    std::string Names, Any;
    for (fm::FeatureId C : F.Children) {
      Names += (Names.empty() ? "" : ", ") + Fs[C].Name;
      Any += (Any.empty() ? "" : " || ") + Var(C);
    }
    bool RootLike = !F.Parent;
    std::string Parent = RootLike ? "1" : Var(Id);
    if (F.ChildGroup == fm::GroupKind::Alternative) {
      std::string Sum;
      for (fm::FeatureId C : F.Children)
        Sum += (Sum.empty() ? "" : " + ") + ("(" + Var(C) + " != 0)");
      T.Constraints.push_back(
          {"!(" + Parent + ") || (" + Sum + ") == 1",
           "alternative group '" + F.Name + "' needs exactly one of " + Names});
      for (fm::FeatureId A : F.Children)
        for (fm::FeatureId B : F.Children)
          Covered.insert({A, B});
    } else {
      T.Constraints.push_back(
          {"!(" + Parent + ") || " + Any,
           "or group '" + F.Name + "' needs at least one of " + Names});
    }
  }
  std::vector<fm::FeatureId> Concrete;
  for (fm::FeatureId Id = 0; Id < Fs.size(); ++Id)
    if (Fs[Id].Kind == fm::FeatureKind::Boolean && !Fs[Id].Abstract &&
        Fs[Id].Parent)
      Concrete.push_back(Id);
  for (fm::FeatureId Id : Concrete) {
    const fm::Feature &F = Fs[Id];
    if (F.Parent && Fs[*F.Parent].Parent && !Fs[*F.Parent].Abstract)
      T.Constraints.push_back(
          {"!" + Var(Id) + " || " + Var(*F.Parent),
           "'" + F.Name + "' needs its parent '" + Fs[*F.Parent].Name + "'"});
  }
  if (Concrete.size() <= 64) {
    for (fm::FeatureId A : Concrete) {
      for (fm::FeatureId B : Concrete) {
        if (A == B)
          continue;
        if (A < B && !Covered.count({A, B}) &&
            !Model.isSatisfiable({{A, false}, {B, false}}))
          T.Constraints.push_back(
              {"!(" + Var(A) + " && " + Var(B) + ")",
               "'" + Fs[A].Name + "' excludes '" + Fs[B].Name + "'"});
        if (Fs[A].Parent != B && Model.isSatisfiable({{A, false}}) &&
            Model.implies({{A, false}}, {B, false}) &&
            !Model.implies({}, {B, false}))
          T.Constraints.push_back(
              {"!" + Var(A) + " || " + Var(B),
               "'" + Fs[A].Name + "' requires '" + Fs[B].Name + "'"});
        if (A < B && Model.isSatisfiable({{A, true}, {B, true}}) == false &&
            Model.isSatisfiable({{A, false}}) &&
            Model.isSatisfiable({{B, false}}))
          T.Constraints.push_back({Var(A) + " || " + Var(B),
                                   "one of '" + Fs[A].Name + "' and '" +
                                       Fs[B].Name + "' must be selected"});
      }
    }
  }
  if (auto D = Model.defaultConfiguration())
    T.DefaultConfig = Model.format(*D);
  return T;
}

llvm::Expected<FeatureSetup>
setUpFeatures(llvm::StringRef ModelPath, llvm::StringRef ProjectRoot,
              const std::map<std::string, FileStructure> &Structures,
              const std::vector<std::string> &DefinedOnCommandLine,
              const InferenceEvidence *Evidence) {
  std::string Path = ModelPath.str();
  if (Path.empty())
    Path = findModelBeside(ProjectRoot);
  if (!Path.empty()) {
    auto M = fm::loadFeatureModel(Path);
    if (!M)
      return M.takeError();
    if (llvm::Error E = fm::requireValidConfiguration(*M))
      return E;
    std::set<std::string> Tested;
    for (const auto &[File, FS] : Structures)
      collectTestedMacros(FS, Tested);
    if (llvm::Error E = requireNumericAlwaysSelected(*M, Path, Tested))
      return E;
    return indexed(FeatureSetup{std::move(*M), Path, false, {}, {}},
                   DefinedOnCommandLine);
  }

  // Infer: tested by an #if, never #defined by the project.
  std::set<std::string> Defined(DefinedOnCommandLine.begin(),
                                DefinedOnCommandLine.end());
  // Each macro with whether some reachable file tests it.
  std::map<std::string, bool> Tested;
  for (const auto &[File, FS] : Structures) {
    bool Reached =
        !Evidence || !Evidence->Reached || Evidence->Reached->count(File) != 0;
    std::set<std::string> Here;
    collectTestedMacros(FS, Here);
    for (const std::string &M : Here)
      Tested[M] |= Reached;
    for (const Directive &D : FS.Directives)
      if (D.Kind == DirectiveKind::Define)
        Defined.insert(D.Macro);
  }
  std::vector<std::string> Macros, External, Unreached;
  for (const auto &[M, Reached] : Tested) {
    if (Defined.count(M) || isPlatformMacro(M) || M == "defined")
      continue;
    if (Evidence && Evidence->External.count(M))
      External.push_back(M);
    else if (!Reached)
      Unreached.push_back(M);
    else
      Macros.push_back(M);
  }
  FeatureSetup Out{fm::FeatureModel::inferFromMacros(Macros), "", true, {}, {}};
  Out.SkippedExternal = std::move(External);
  Out.SkippedUnreached = std::move(Unreached);
  return indexed(std::move(Out), DefinedOnCommandLine);
}

std::set<std::string>
closeOverIncludes(std::set<std::string> Reached,
                  const std::map<std::string, FileStructure> &Structures) {
  IncludeTargets Targets(Structures);
  std::vector<std::string> Work(Reached.begin(), Reached.end());
  while (!Work.empty()) {
    std::string File = std::move(Work.back());
    Work.pop_back();
    auto It = Structures.find(File);
    if (It == Structures.end())
      continue;
    for (const Directive &D : It->second.Directives) {
      std::optional<llvm::StringRef> Name = includedName(D);
      if (!Name)
        continue; // Not an #include, or a macro names it.
      for (std::string &Other : Targets.of(*Name))
        if (Reached.insert(Other).second)
          Work.push_back(std::move(Other));
    }
  }
  return Reached;
}

} // namespace varsim::rewrite
