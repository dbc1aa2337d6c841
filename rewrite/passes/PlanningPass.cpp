//===- rewrite/passes/PlanningPass.cpp - What the project's files share
//----===//
//
// Reads: the features, options, tested and defined macros, the parses'
// views, texts, structures and groups. Adds: the ProjectContext the file
// rewrite shares: the region tables, parameter unions (functions whose
// parameter lists hold feature conditionals), the macros defined per
// feature and those confined to where they are defined, the presence
// condition of any offset. Refuses a parameter list it cannot unite.
//
//===----------------------------------------------------------------------===//

#include "rewrite/AssertUndefs.h"
#include "rewrite/MacroUses.h"
#include "rewrite/passes/Passes.h"

namespace varsim::rewrite {

llvm::Error runPlanningPass(RewriteState &S) {
  Granularity Detail = S.Options.Detail;
  S.Ctx.emplace(ProjectContext{*S.Features,
                               Detail,
                               std::move(S.Tested),
                               std::move(S.TestedAt),
                               std::move(S.DefinedAt),
                               {},
                               S.Features->tables(),
                               {}});
  ProjectContext &Ctx = *S.Ctx;
  Ctx.TestedIn = std::move(S.TestedIn);
  Ctx.MarkEveryFunction = Detail == Granularity::All;
  Ctx.Tables.FoldByDefault = Detail != Granularity::All;
  // Functions whose parameter lists hold feature conditionals take the
  // union of every configuration's parameters.
  auto Unions = planParameterUnions(S.Views, S.Structures);
  if (!Unions)
    return Unions.takeError();
  Ctx.ParamUnions = std::move(*Unions);

  for (size_t I = 0; I < S.Results.size(); ++I)
    for (const auto &[File, Facts] : S.Results[I].Files)
      Ctx.ReadBy[File].insert(static_cast<unsigned>(I));
  // Only the files some translation unit includes define macros for it.
  std::set<std::string> Parsed;
  for (const auto &[File, Vs] : S.Views)
    Parsed.insert(File);
  Ctx.PerFeatureMacros =
      collectPerFeatureMacros(S.Structures, S.Groups, *S.Features, Parsed);
  for (auto &[M, Sites] : Ctx.DefinedAt)
    llvm::erase_if(Sites, [&](const ProjectContext::DefineSite &D) {
      return !Parsed.count(D.File);
    });
  for (auto &[M, Files] : Ctx.TestedIn)
    for (auto It = Files.begin(); It != Files.end();)
      It = Parsed.count(*It) ? std::next(It) : Files.erase(It);
  // A macro defined in some branches only, with one body, and used only
  // where it is defined is a constant wherever it is used.
  // Files no translation unit reads (the source tree an amalgamation was
  // made from) neither define nor use anything the program compiles.
  std::map<std::string, std::string> ParsedTexts;
  std::map<std::string, FileStructure> ParsedStructures;
  for (const std::string &File : Parsed) {
    auto T = S.Texts.find(File);
    auto St = S.Structures.find(File);
    if (T != S.Texts.end() && St != S.Structures.end()) {
      ParsedTexts.emplace(File, T->second);
      ParsedStructures.emplace(File, St->second);
    }
  }
  std::map<std::string, std::pair<std::string, unsigned>> UsedOutside;
  Ctx.ConfinedMacros =
      findConfinedMacros(ParsedTexts, ParsedStructures, S.Groups, *S.Features,
                         UnexpandedText(S.Results, S.Structures, S.Groups,
                                        S.Features->isFeatureMacro("NDEBUG")),
                         &UsedOutside);
  for (const auto &[M, At] : UsedOutside)
    Ctx.UsedOutsideAt[M] =
        (S.Project ? S.Project->relativeToRoot(At.first) : At.first) + ":" +
        std::to_string(ParsedStructures.at(At.first).lineOf(At.second));
  Ctx.AssertUndefs = findAssertUndefs(
      S.Texts, S.Structures, S.Groups, S.Results, Ctx.ReadBy, Ctx.TestedMacros,
      [&S](const std::string &File) {
        return S.Project ? S.Project->relativeToRoot(File) : File;
      },
      *S.Features);
  Ctx.Structures = &S.Structures;
  Ctx.PresenceAt = [&S](const std::string &File, unsigned Offset) {
    auto FS = S.Structures.find(File);
    auto G = S.Groups.find(File);
    if (FS == S.Structures.end() || G == S.Groups.end())
      return makeInt(1);
    return G->second.presenceAt(FS->second, Offset);
  };
  for (const std::string &M : Ctx.ConfinedMacros) {
    auto It = Ctx.PerFeatureMacros.find(M);
    if (It != Ctx.PerFeatureMacros.end() && It->second.distinctBodies() == 1)
      Ctx.PerFeatureMacros.erase(It);
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite
