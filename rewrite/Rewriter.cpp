//===- rewrite/Rewriter.cpp - varsim rewrite, from database to OUT --------===//
//
// The pipeline: read the compile database and the project's files; scan
// every file's conditional structure; settle the features; choose the parse
// configurations; parse every translation unit in each (in parallel); plan
// feature switches; rewrite each file; write OUT through a temporary
// directory that is renamed into place only when everything succeeded.
//
//===----------------------------------------------------------------------===//

#include "rewrite/Rewriter.h"

#include "rewrite/DerivedMacros.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/FeatureSetup.h"
#include "rewrite/FileRewriter.h"
#include "rewrite/ForeignFeatures.h"
#include "rewrite/MacroUses.h"
#include "rewrite/Manifest.h"
#include "rewrite/OutputDirectory.h"
#include "rewrite/ParseFacts.h"
#include "rewrite/ProjectLayout.h"
#include "rewrite/SimulatorCheck.h"
#include "rewrite/globals/GlobalVariants.h"
#include "rewrite/safety/VariantSafety.h"
#include "rewrite/templates/TemplateLowering.h"
#include "support/Diagnostic.h"
#include "support/Interrupt.h"
#include "support/Output.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <atomic>
#include <mutex>
#include <set>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace varsim::rewrite {
namespace {

llvm::Error writeFile(llvm::StringRef Path, llvm::StringRef Text) {
  if (std::error_code EC = fs::create_directories(path::parent_path(Path)))
    return makeError(Path, 0, 0, "cannot create directory: " + EC.message());
  return writeFileAtomically(Path, [&](llvm::raw_ostream &OS) {
    OS << Text;
    return llvm::Error::success();
  });
}

/// Removes a directory tree that a previous rewrite wrote.
llvm::Error removeOutput(llvm::StringRef Dir) {
  if (std::error_code EC = fs::remove_directories(Dir))
    return makeError(Dir, 0, 0, "cannot remove: " + EC.message());
  return llvm::Error::success();
}

std::vector<std::string> commandLineDefines(const ProjectLayout &P) {
  std::set<std::string> Out;
  for (const CompileEntry &E : P.Entries)
    for (size_t I = 0; I < E.Arguments.size(); ++I) {
      llvm::StringRef A = E.Arguments[I];
      llvm::StringRef Def;
      if (A == "-D" && I + 1 < E.Arguments.size())
        Def = E.Arguments[I + 1];
      else if (A.starts_with("-D"))
        Def = A.drop_front(2);
      if (!Def.empty())
        Out.insert(Def.split('=').first.str());
    }
  return {Out.begin(), Out.end()};
}

/// "../../varsim/varsim_generated.h" from a file Rel below the root.
std::string generatedIncludeFor(llvm::StringRef Rel) {
  std::string Up;
  for (auto It = path::begin(Rel), End = path::end(Rel); It != End; ++It)
    Up += "../";
  // One "../" too many: the file name itself is not a directory.
  Up = Up.substr(3);
  return Up + "varsim/" + runtime::GeneratedHeaderName.str();
}

} // namespace

std::string defaultOutDir(llvm::StringRef CompileCommands) {
  llvm::SmallString<256> Abs(CompileCommands);
  fs::make_absolute(Abs);
  path::remove_dots(Abs, true);
  llvm::SmallString<256> Out(path::parent_path(Abs));
  path::append(Out, "varsim");
  return std::string(Out);
}

llvm::Expected<RewriteSummary> rewriteProject(const RewriteOptions &O) {
  llvm::raw_ostream &Log = O.Log ? *O.Log : llvm::nulls();
  auto ProjectOr = loadProject(O.CompileCommands);
  if (!ProjectOr)
    return ProjectOr.takeError();
  ProjectLayout &Project = *ProjectOr;

  llvm::SmallString<256> OutPath(
      O.OutDir.empty() ? defaultOutDir(O.CompileCommands) : O.OutDir);
  fs::make_absolute(OutPath);
  path::remove_dots(OutPath, true);
  std::string Out(OutPath);
  if (llvm::Error E = checkOutputDirectory(
          Project, Out, Out == defaultOutDir(O.CompileCommands)))
    return E;
  std::string Temp = Out + ".partial";
  Project.ExcludedDirs.push_back(Out);
  Project.ExcludedDirs.push_back(Temp);
  Project.ExcludedDirs.push_back(Out + ".lock");
  // Two rewrites into one OUT would share OUT.partial: the second waits
  // for nothing and fails at once.
  auto OutLock = OutputLock::acquire(Out);
  if (!OutLock)
    return OutLock.takeError();
  {
    llvm::SmallString<256> Own(Project.Root);
    path::append(Own, "varsim", runtime::GeneratedHeaderName);
    if (fs::exists(Own))
      return makeError(Own, 0, 0,
                       "the project has a file where the simulator's runtime "
                       "header goes (varsim/ at the project root)");
  }

  // Every file of the project; the sources scanned for their #if structure.
  std::vector<std::string> AllFiles = listProjectFiles(Project);
  std::map<std::string, std::string> Texts;
  std::map<std::string, FileStructure> Structures;
  std::map<std::string, llvm::Error> ScanErrors;
  for (const std::string &File : AllFiles) {
    if (!isSourceFileName(File))
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(File);
    if (!Buf)
      continue;
    std::string Text = (*Buf)->getBuffer().str();
    auto FS = scanDirectives(File, Text);
    if (!FS) {
      ScanErrors.emplace(File, FS.takeError());
      continue;
    }
    Structures.emplace(File, std::move(*FS));
    Texts.emplace(File, std::move(Text));
  }
  auto Consume = [&] {
    for (auto &[F, E] : ScanErrors)
      llvm::consumeError(std::move(E));
  };

  auto FeaturesOr = setUpFeatures(O.FeatureModel, Project.Root, Structures,
                                  commandLineDefines(Project));
  if (!FeaturesOr) {
    Consume();
    return FeaturesOr.takeError();
  }
  FeatureSetup &Features = *FeaturesOr;
  if (Features.Inferred) {
    std::string Names;
    for (const std::string &M : Features.macros())
      Names += (Names.empty() ? "" : ", ") + M;
    reportWarning("no feature model given or found beside the project; "
                  "inferred one from the macros its #ifs test and never "
                  "define (" +
                      (Names.empty() ? std::string("none") : Names) +
                      "), written to " + Out +
                      "/model.xml: edit it and "
                      "pass it with -f",
                  Log);
  }

  // Conditions on macros derived from features (config.h aliases, project
  // constants) become conditions on the features themselves; again after
  // every pass that replaces texts (their structures are rescanned). The
  // build's translation units are where reading starts.
  std::set<std::string> Units;
  for (const CompileEntry &E : Project.Entries)
    Units.insert(E.File);
  if (llvm::Error E = resolveDerivedMacros(Structures, Features, &Units)) {
    Consume();
    return E;
  }

  // Feature macros that headers outside the project test (NDEBUG in
  // <assert.h>): selected at run time where varsim knows how, else refused.
  std::map<std::string, std::string> Lowered;
  std::vector<templates::LoweredSite> ForeignSites;
  {
    auto ForeignOr = lowerForeignFeatureTests(
        {Project, Features, Texts, Structures, O.Jobs, O.Log});
    if (!ForeignOr) {
      Consume();
      return ForeignOr.takeError();
    }
    if (llvm::Error E = applyOverlay(ForeignOr->Files, Texts, Structures)) {
      Consume();
      return E;
    }
    for (auto &[File, Text] : ForeignOr->Files) {
      if (auto It = ScanErrors.find(File); It != ScanErrors.end()) {
        llvm::consumeError(std::move(It->second));
        ScanErrors.erase(It);
      }
      Lowered[File] = std::move(Text);
    }
    ForeignSites = std::move(ForeignOr->Sites);
  }
  if (!Lowered.empty())
    if (llvm::Error E = resolveDerivedMacros(Structures, Features, &Units)) {
      Consume();
      return E;
    }

  // Template variability lowered into #if variability: every later step
  // (the parses, the edits, the output) sees the lowered texts.
  std::vector<templates::LoweredSite> TemplateSites;
  {
    auto LoweredOr = templates::lowerTemplateVariability(
        {Project, Features, Texts, O.Jobs, O.Log, &Lowered});
    if (!LoweredOr) {
      Consume();
      return LoweredOr.takeError();
    }
    if (llvm::Error E = applyOverlay(LoweredOr->Files, Texts, Structures)) {
      Consume();
      return E;
    }
    if (!LoweredOr->Files.empty())
      if (llvm::Error E = resolveDerivedMacros(Structures, Features, &Units)) {
        Consume();
        return E;
      }
    for (const auto &[File, Text] : LoweredOr->Files)
      if (auto It = ScanErrors.find(File); It != ScanErrors.end()) {
        llvm::consumeError(std::move(It->second));
        ScanErrors.erase(It);
      }
    for (auto &[File, Text] : LoweredOr->Files)
      Lowered[File] = std::move(Text);
    TemplateSites = std::move(LoweredOr->Sites);
  }

  // File-scope variability (tables with conditional entries, constants,
  // variables and typedefs per feature) lowered into renamed variants and
  // per-configuration functions, on top of the template lowering.
  std::vector<templates::LoweredSite> GlobalSites;
  {
    auto GlobalsOr = globals::lowerGlobalVariability(
        {Project, Features, Texts, Structures, Lowered, O.Jobs, O.Log});
    if (!GlobalsOr) {
      Consume();
      return GlobalsOr.takeError();
    }
    if (llvm::Error E = applyOverlay(GlobalsOr->Files, Texts, Structures)) {
      Consume();
      return E;
    }
    for (auto &[File, Text] : GlobalsOr->Files) {
      if (auto It = ScanErrors.find(File); It != ScanErrors.end()) {
        llvm::consumeError(std::move(It->second));
        ScanErrors.erase(It);
      }
      Lowered[File] = std::move(Text);
    }
    GlobalSites = std::move(GlobalsOr->Sites);
  }
  if (!Lowered.empty())
    if (llvm::Error E = resolveDerivedMacros(Structures, Features, &Units)) {
      Consume();
      return E;
    }

  // Feature groups and the parse configurations that cover them.
  std::map<std::string, FileGroups> Groups;
  std::map<std::string, std::vector<unsigned>> Watched;
  std::vector<CondPtr> ToCover;
  std::set<std::string> Tested;
  std::map<std::string, std::string> TestedAt;
  std::map<std::string, std::vector<ProjectContext::DefineSite>> DefinedAt;
  std::map<std::string, std::set<std::string>> TestedIn;
  std::set<std::string> CoverSeen;
  for (const auto &[File, FS] : Structures) {
    FileGroups G = analyzeGroups(FS, Features);
    for (const Directive &D : FS.Directives)
      if (D.Kind == DirectiveKind::Define)
        DefinedAt[D.Macro].push_back(
            {File, Project.relativeToRoot(File) + ":" + std::to_string(D.Line),
             D.Line, D.FunctionLike, D.Replacement, D.Body, D.Begin});
    for (size_t GI = 0; GI < FS.Groups.size(); ++GI) {
      for (const CondGroup::Branch &B : FS.Groups[GI].Branches)
        if (B.Condition) {
          std::set<std::string> Here;
          collectMacros(*B.Condition, Here);
          for (const std::string &M : Here)
            TestedAt.try_emplace(
                M, Project.relativeToRoot(File) + ":" +
                       std::to_string(FS.Directives[B.DirectiveIndex].Line));
          Tested.insert(Here.begin(), Here.end());
          for (const std::string &M : Here)
            TestedIn[M].insert(File);
        }
      if (!G.IsFeature[GI])
        continue;
      for (const CondPtr &PC : G.Presence[GI]) {
        std::string Key = conditionText(*PC, Features);
        if (CoverSeen.insert(Key).second)
          ToCover.push_back(PC);
      }
    }
    Watched[File] = G.Watched;
    Groups.emplace(File, std::move(G));
  }
  std::vector<fm::Configuration> Configs =
      chooseParseConfigurations(ToCover, Features);
  std::vector<std::string> ConfigNames;
  for (const fm::Configuration &C : Configs)
    ConfigNames.push_back(Features.Model.format(C));

  // Refuse what the union of the variants would silently change (the size
  // of a record with conditional members, objects that run code without
  // being called) before spending the parses.
  if (llvm::Error E = safety::checkVariantSafety(
          Project, Structures, Groups, Features, Configs, &Lowered, O.Jobs)) {
    Consume();
    return E;
  }

  // Parse every translation unit in every configuration.
  std::vector<ParseJob> Jobs;
  std::vector<unsigned> JobConfig;
  std::vector<std::string> FeatureMacros = Features.macros();
  for (const CompileEntry &E : Project.Entries)
    for (unsigned CI = 0; CI < Configs.size(); ++CI) {
      Jobs.push_back(
          {&E, Features.defines(Configs[CI]), FeatureMacros, &Lowered});
      JobConfig.push_back(CI);
    }
  std::vector<ParseResult> Results(Jobs.size());
  {
    std::atomic<unsigned> Finished{0};
    std::mutex LogMutex;
    bool ShowProgress = Jobs.size() >= 8;
    llvm::DefaultThreadPool Pool(
        llvm::hardware_concurrency(std::max(1u, O.Jobs)));
    for (size_t I = 0; I < Jobs.size(); ++I)
      Pool.async([&, I] {
        Results[I] =
            parseTranslationUnit(Jobs[I], Project, Structures, Watched);
        unsigned N = ++Finished;
        if (ShowProgress) {
          std::lock_guard<std::mutex> Lock(LogMutex);
          Log << "[" << N << "/" << Jobs.size() << "] parsed "
              << Project.relativeToRoot(Jobs[I].Entry->File) << " ("
              << (ConfigNames[JobConfig[I]].empty()
                      ? std::string("no optional feature")
                      : ConfigNames[JobConfig[I]])
              << ")\n";
        }
      });
    Pool.wait();
  }
  for (size_t I = 0; I < Jobs.size(); ++I)
    if (Results[I].Failed) {
      Consume();
      return makeError(Jobs[I].Entry->File, 0, 0,
                       "does not compile in the parse configuration '" +
                           ConfigNames[JobConfig[I]] +
                           "' (a valid configuration of the model):\n" +
                           llvm::StringRef(Results[I].Diagnostics).rtrim());
    }

  // What each file's parses say, and the functions defined per variant.
  std::map<std::string, std::vector<ParseView>> Views;
  for (size_t I = 0; I < Results.size(); ++I)
    for (const auto &[File, Facts] : Results[I].Files)
      Views[File].push_back({JobConfig[I], &Facts});
  for (auto &[File, E] : ScanErrors)
    if (Views.count(File)) {
      llvm::Error Err = std::move(E);
      Consume();
      return Err;
    }
  Consume();

  ProjectContext Ctx{Features,
                     O.Detail,
                     Tested,
                     std::move(TestedAt),
                     std::move(DefinedAt),
                     {},
                     Features.tables(),
                     {}};
  Ctx.TestedIn = std::move(TestedIn);
  Ctx.MarkEveryFunction = O.Detail == Granularity::All;
  Ctx.Tables.FoldByDefault = O.Detail != Granularity::All;
  // Functions whose parameter lists hold feature conditionals take the
  // union of every configuration's parameters.
  if (auto UnionsOr = planParameterUnions(Views, Structures))
    Ctx.ParamUnions = std::move(*UnionsOr);
  else
    return UnionsOr.takeError();
  {
    // Only the files some translation unit includes define macros for it.
    std::set<std::string> Parsed;
    for (const auto &[File, Vs] : Views)
      Parsed.insert(File);
    Ctx.PerFeatureMacros =
        collectPerFeatureMacros(Structures, Groups, Features, Parsed);
    for (auto &[M, Sites] : Ctx.DefinedAt)
      llvm::erase_if(Sites, [&](const ProjectContext::DefineSite &S) {
        return !Parsed.count(S.File);
      });
    for (auto &[M, Files] : Ctx.TestedIn)
      for (auto It = Files.begin(); It != Files.end();)
        It = Parsed.count(*It) ? std::next(It) : Files.erase(It);
    // A macro defined in some branches only, with one body, and used only
    // where it is defined is a constant wherever it is used.
    Ctx.ConfinedMacros =
        findConfinedMacros(Texts, Structures, Groups, Features);
    Ctx.PresenceAt = [&Structures, &Groups](const std::string &File,
                                            unsigned Offset) {
      auto S = Structures.find(File);
      auto G = Groups.find(File);
      if (S == Structures.end() || G == Groups.end())
        return makeInt(1);
      return G->second.presenceAt(S->second, Offset);
    };
    for (const std::string &M : Ctx.ConfinedMacros) {
      auto It = Ctx.PerFeatureMacros.find(M);
      if (It == Ctx.PerFeatureMacros.end())
        continue;
      std::set<std::string> Bodies;
      for (const std::string &D : It->second.Definitions)
        if (!D.empty())
          Bodies.insert(D);
      if (Bodies.size() == 1)
        Ctx.PerFeatureMacros.erase(It);
    }
  }
  {
    std::map<std::string,
             std::map<std::pair<std::string, unsigned>, const FunctionFact *>>
        ByKey;
    std::map<std::string,
             std::map<std::pair<std::string, unsigned>, const DefinitionFact *>>
        Defs;
    for (const auto &[File, Vs] : Views)
      for (const ParseView &V : Vs) {
        for (const FunctionFact &Fn : V.Facts->Functions)
          ByKey[Fn.Key].try_emplace({File, Fn.BodyBegin}, &Fn);
        for (const DefinitionFact &D : V.Facts->Definitions)
          Defs[D.Key].try_emplace({File, D.Offset}, &D);
      }
    // C: one name, one function. Definitions of a name per feature whose
    // type or linkage differ (`static int f(int)` / `long f(long, int)`)
    // are not one function with a switch; the simulator would define the
    // name twice. Refused here, located, rather than a simulator that does
    // not compile.
    {
      std::map<
          std::string,
          std::map<std::string, std::pair<std::string, const FunctionFact *>>>
          ByName;
      for (const auto &[Key, Sites] : ByKey)
        for (const auto &[Site, Fn] : Sites)
          if (Fn->CLanguage && !Fn->Member)
            ByName[Fn->Name].try_emplace(Key, Site.first, Fn);
      for (const auto &[Name, Keys] : ByName) {
        if (Keys.size() < 2)
          continue;
        std::string Variants;
        bool UnderFeature = false;
        const std::pair<std::string, const FunctionFact *> *Last = nullptr;
        size_t N = 0;
        for (const auto &[Key, Site] : Keys) {
          const FileStructure &FS = Structures.at(Site.first);
          CondPtr PC =
              Groups.at(Site.first).presenceAt(FS, Site.second->DeclBegin);
          std::string Cond = conditionText(*PC, Features);
          UnderFeature = UnderFeature || Cond != "1";
          llvm::StringRef Text = Texts.at(Site.first);
          std::string Header =
              Text.slice(Site.second->DeclBegin, Site.second->BodyBegin).str();
          std::replace(Header.begin(), Header.end(), '\n', ' ');
          Variants += (N == 0                 ? ""
                       : N + 1 == Keys.size() ? " and "
                                              : ", ") +
                      ("'" + llvm::StringRef(Header).trim().str() + "' when " +
                       (Cond == "1" ? "always" : Cond) + " (" +
                       Project.relativeToRoot(Site.first) + ":" +
                       std::to_string(Site.second->Line) + ")");
          Last = &Site;
          ++N;
        }
        if (!UnderFeature || !Last)
          continue;
        const FileStructure &FS = Structures.at(Last->first);
        unsigned Off = Last->second->NameBegin;
        unsigned Line = FS.lineOf(Off);
        return makeError(
            Last->first, Line, Off - FS.LineStarts[Line - 1] + 1,
            "the function '" + Name +
                "' is defined per feature with another type or linkage: " +
                Variants +
                "; the simulator holds every variant's definitions, and "
                "one C name cannot be two functions: give each variant "
                "its own name (the callers already choose per feature) or "
                "the same signature");
      }
    }
    for (const auto &[Key, Sites] : ByKey) {
      if (Sites.size() < 2)
        continue;
      SwitchPlan SP;
      for (const auto &[Site, Fn] : Sites) {
        const std::string &File = Site.first;
        const FileStructure &FS = Structures.at(File);
        llvm::StringRef Text = Texts.at(File);
        CondPtr PC = Groups.at(File).presenceAt(FS, Fn->DeclBegin);
        SwitchPlan::Variant V;
        V.File = File;
        V.Fn = Fn;
        V.Condition = conditionText(*PC, Features);
        V.Code = conditionCode(*PC, Features);
        llvm::StringRef Base = Fn->Name;
        if (size_t Colons = Base.rfind("::"); Colons != llvm::StringRef::npos)
          Base = Base.substr(Colons + 2);
        V.Renamed = (Base + "__varsim_" + identifierFor(V.Condition)).str();
        for (const SwitchPlan::Variant &Other : SP.Variants)
          if (Other.Renamed == V.Renamed)
            V.Renamed += "_" + std::to_string(SP.Variants.size());
        auto Declarator = [&, Fn = Fn](llvm::StringRef Name) {
          std::string H =
              (Text.slice(Fn->DeclBegin, Fn->NameBegin) + Name +
               Text.slice(Fn->NameBegin + Fn->NameLength, Fn->BodyBegin))
                  .str();
          std::replace(H.begin(), H.end(), '\n', ' ');
          return llvm::StringRef(H).rtrim().str();
        };
        V.Header = Declarator(V.Renamed);
        SP.Name = Fn->Name;
        SP.Header = Declarator(Base);
        SP.OwnerFile = File;
        SP.Variants.push_back(std::move(V));
      }
      Ctx.Switches.push_back(std::move(SP));
    }
    for (const auto &[Key, Sites] : Defs) {
      if (Sites.size() < 2)
        continue;
      // Name the construct and each variant: "'int' when A (f.c:3) and
      // 'long' when !A (f.c:5)".
      std::string Variants;
      size_t N = 0;
      for (const auto &[Site, D] : Sites) {
        const FileStructure &FS = Structures.at(Site.first);
        CondPtr PC = Groups.at(Site.first).presenceAt(FS, D->Offset);
        std::string Cond = conditionText(*PC, Features);
        Variants +=
            (N == 0                  ? ""
             : N + 1 == Sites.size() ? " and "
                                     : ", ") +
            ("'" + D->Type + "' when " + (Cond == "1" ? "always" : Cond) +
             " (" + Project.relativeToRoot(Site.first) + ":" +
             std::to_string(FS.lineOf(D->Offset)) + ")");
        ++N;
      }
      auto Second = std::next(Sites.begin());
      const DefinitionFact &D = *Second->second;
      const FileStructure &FS = Structures.at(Second->first.first);
      unsigned Line = FS.lineOf(D.Offset);
      const char *What = D.K == DefinitionFact::Variable ? "variable"
                         : D.K == DefinitionFact::Tag    ? "type"
                                                         : "typedef";
      // Same type everywhere: only the initializer differs.
      bool SameType = D.K == DefinitionFact::Variable &&
                      llvm::all_of(Sites, [&](const auto &S) {
                        return S.second->Type == Sites.begin()->second->Type;
                      });
      return makeError(Second->first.first, Line,
                       D.Offset - FS.LineStarts[Line - 1] + 1,
                       llvm::Twine("the ") + What + " '" + D.Name + "' is " +
                           (SameType ? "initialized" : "defined") +
                           " differently per feature: " + Variants +
                           "; a name with a different definition per variant "
                           "(construct 8) is not supported: give each "
                           "variant its own name");
    }
  }

  // Rewrite every project file some translation unit included.
  ManifestData M;
  std::map<std::string, std::string> Rewritten;
  for (const auto &[File, Vs] : Views) {
    auto S = Structures.find(File);
    if (S == Structures.end())
      continue;
    FileInput In{File,       Texts.at(File),
                 &S->second, &Groups.at(File),
                 Vs,         generatedIncludeFor(Project.relativeToRoot(File))};
    auto Text = rewriteFile(In, Ctx);
    if (!Text)
      return Text.takeError();
    if (!Text->empty())
      Rewritten[File] = std::move(*Text);
  }

  // Write OUT (through Temp). A Temp left by a killed rewrite goes; one
  // being written now is removed if the rewrite is interrupted.
  if (fs::exists(Temp))
    if (llvm::Error E = removeOutput(Temp))
      return E;
  RemoveOnInterrupt CleanTemp(Temp);
  auto Fail = [&](llvm::Error E) -> llvm::Error {
    fs::remove_directories(Temp);
    return E;
  };
  for (const std::string &File : AllFiles) {
    std::string Dest = Project.mapPath(File, Temp);
    std::string Rel = Project.relativeToRoot(File);
    auto R = Rewritten.find(File);
    auto L = Lowered.find(File);
    bool Changed = R != Rewritten.end() || L != Lowered.end();
    if (Changed) {
      llvm::StringRef Text =
          R != Rewritten.end() ? R->second : llvm::StringRef(L->second);
      if (llvm::Error E = writeFile(Dest, Text))
        return Fail(std::move(E));
    } else {
      if (std::error_code EC = fs::create_directories(path::parent_path(Dest)))
        return Fail(makeError(Dest, 0, 0, EC.message()));
      if (std::error_code EC = fs::copy_file(File, Dest))
        return Fail(makeError(Dest, 0, 0,
                              "cannot write the copy of " + File + ": " +
                                  EC.message()));
    }
    M.Files.push_back({File, "src/" + Rel, Changed});
  }
  llvm::SmallString<256> RuntimeDir(Temp);
  path::append(RuntimeDir, "src", "varsim");
  {
    std::string Generated;
    llvm::raw_string_ostream OS(Generated);
    runtime::writeGeneratedHeader(Ctx.Tables, OS);
    llvm::SmallString<256> G(RuntimeDir), R(RuntimeDir);
    path::append(G, runtime::GeneratedHeaderName);
    path::append(R, runtime::RuntimeHeaderName);
    if (llvm::Error E = writeFile(G, Generated))
      return Fail(std::move(E));
    if (llvm::Error E = writeFile(R, runtime::runtimeHeaderText()))
      return Fail(std::move(E));
  }
  // The simulator's compile database names paths under Out, not Temp.
  if (llvm::Error E =
          writeFile(Temp + "/compile_commands.json",
                    simulatorCompileDatabase(Project, Out, FeatureMacros)))
    return Fail(std::move(E));
  for (const CompileEntry &E : Project.Entries) {
    for (llvm::StringRef P :
         {llvm::StringRef(E.Directory), path::parent_path(E.Output)}) {
      if (P.empty())
        continue;
      std::string Mapped = Project.mapPath(P, Temp);
      if (Mapped != P)
        fs::create_directories(Mapped);
    }
  }
  RewriteSummary Sum;
  Sum.ModelInferred = Features.Inferred;
  Sum.FeatureModelPath =
      Features.Inferred ? Out + "/model.xml" : Features.ModelPath;
  {
    // Later commands run from other directories: store the model absolute.
    llvm::SmallString<256> Abs(Sum.FeatureModelPath);
    if (!Abs.empty() && !fs::make_absolute(Abs)) {
      path::remove_dots(Abs, true);
      Sum.FeatureModelPath = std::string(Abs);
    }
  }
  if (Features.Inferred) {
    std::string XML;
    llvm::raw_string_ostream OS(XML);
    fm::writeFeatureIDE(Features.Model, OS);
    if (llvm::Error E = writeFile(Temp + "/model.xml", XML))
      return Fail(std::move(E));
  }
  M.ProjectRoot = Project.Root;
  M.CompileCommands = Project.CompileCommandsPath;
  M.FeatureModelPath = Sum.FeatureModelPath;
  M.ModelInferred = Features.Inferred;
  M.Granularity = O.Detail == Granularity::All      ? "all"
                  : O.Detail == Granularity::Region ? "region"
                                                    : "function";
  M.ParseConfigurations = ConfigNames;
  M.TranslationUnits = static_cast<unsigned>(Project.Entries.size());
  for (const templates::LoweredSite &S : TemplateSites)
    M.TemplateSites.push_back({S.File, S.Line, S.Idiom, S.Features});
  for (const templates::LoweredSite &S : GlobalSites)
    M.GlobalSites.push_back({S.File, S.Line, S.Idiom, S.Features});
  for (const templates::LoweredSite &S : ForeignSites)
    M.ForeignSites.push_back({S.File, S.Line, S.Idiom, S.Features});
  if (llvm::Error E =
          writeFile(Temp + "/manifest.json", renderManifest(M, Ctx)))
    return Fail(std::move(E));

  // A simulator that does not compile is a failed rewrite: OUT stays as
  // it was.
  if (llvm::Error E =
          checkSimulatorCompiles(Project, Temp, FeatureMacros, O.Jobs))
    return Fail(std::move(E));

  if (fs::exists(Out)) {
    llvm::SmallString<256> Old(Out);
    path::append(Old, "manifest.json");
    std::error_code EC;
    bool Empty = fs::is_directory(Out) &&
                 fs::directory_iterator(Out, EC) == fs::directory_iterator();
    if (!fs::is_directory(Out) || (!fs::exists(Old) && !Empty))
      return Fail(makeError(Out, 0, 0,
                            "exists and is not the output of a varsim "
                            "rewrite; refusing to replace it"));
  }
  // The earlier OUT stays whole until the new one is complete.
  if (llvm::Error E = replaceDirectory(Temp, Out))
    return Fail(std::move(E));

  Sum.OutDir = Out;
  Sum.TranslationUnits = M.TranslationUnits;
  Sum.ParseConfigurations = static_cast<unsigned>(Configs.size());
  Sum.FilesWritten = static_cast<unsigned>(M.Files.size());
  Sum.FilesRewritten = static_cast<unsigned>(llvm::count_if(
      M.Files, [](const WrittenFile &W) { return W.Rewritten; }));
  Sum.TemplateSites = static_cast<unsigned>(TemplateSites.size());
  Sum.GlobalSites = static_cast<unsigned>(GlobalSites.size());
  Sum.Regions = static_cast<unsigned>(Ctx.Tables.Regions.size());
  Sum.Features = static_cast<unsigned>(Features.ByMacro.size());
  Sum.Renamings = static_cast<unsigned>(Ctx.Renamings.size());
  return Sum;
}

} // namespace varsim::rewrite
