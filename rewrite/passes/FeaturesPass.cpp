//===- rewrite/passes/FeaturesPass.cpp - The features ---------------------===//
//
// Reads: the options' feature model (or none), the project's -D flags, the
// scanned structures. Adds: the features (the model given, found beside
// the project, or inferred from the macros the #ifs test and never define,
// with a warning) and their macros. An inferred model leaves out what one
// preprocessing of every unit shows to be the platform's (macros system
// headers define or test) or out of the build's reach (files no unit
// includes), and says so.
//
//===----------------------------------------------------------------------===//

#include "rewrite/ForeignFeatures.h"
#include "rewrite/passes/Passes.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace varsim::rewrite {
namespace {

/// The text after -D of argument I of E ("-DX=1" or "-D" "X=1"), or "".
llvm::StringRef defineAt(const CompileEntry &E, size_t I) {
  llvm::StringRef A = E.Arguments[I];
  if (A == "-D" && I + 1 < E.Arguments.size())
    return E.Arguments[I + 1];
  return A.starts_with("-D") ? A.drop_front(2) : llvm::StringRef();
}

std::vector<std::string> commandLineDefines(const ProjectLayout &P) {
  std::set<std::string> Out;
  for (const CompileEntry &E : P.Entries)
    for (size_t I = 0; I < E.Arguments.size(); ++I)
      if (llvm::StringRef Def = defineAt(E, I); !Def.empty())
        Out.insert(Def.split('=').first.str());
  return {Out.begin(), Out.end()};
}

/// The -D macros of every compile entry that all entries give one value.
std::map<std::string, std::string>
commandLineEverywhere(const ProjectLayout &P) {
  std::map<std::string, std::string> Out;
  bool First = true;
  for (const CompileEntry &E : P.Entries) {
    std::map<std::string, std::string> Mine;
    for (size_t I = 0; I < E.Arguments.size(); ++I) {
      llvm::StringRef A = E.Arguments[I];
      llvm::StringRef Def = defineAt(E, I);
      if (!Def.empty()) {
        auto [Name, Value] = Def.split('=');
        Mine[Name.str()] = Def.contains('=') ? Value.str() : "1";
      }
      if (A.starts_with("-U"))
        Mine.erase(A.drop_front(2).str());
    }
    if (First)
      Out = std::move(Mine);
    else
      for (auto It = Out.begin(); It != Out.end();) {
        auto M = Mine.find(It->first);
        It = M == Mine.end() || M->second != It->second ? Out.erase(It)
                                                        : std::next(It);
      }
    First = false;
  }
  return Out;
}

/// "A, B, C" (at most Max names, then how many more; all without Max).
std::string nameList(const std::vector<std::string> &Names,
                     std::optional<size_t> Max = std::nullopt) {
  std::string Out;
  size_t Shown = std::min(Names.size(), Max.value_or(Names.size()));
  for (size_t I = 0; I < Shown; ++I)
    Out += (I ? ", " : "") + Names[I];
  if (Names.size() > Shown)
    Out += ", and " + std::to_string(Names.size() - Shown) + " more";
  return Out;
}

} // namespace

llvm::Error runFeaturesPass(RewriteState &S) {
  std::vector<std::string> Defines = commandLineDefines(*S.Project);
  auto FeaturesOr = setUpFeatures(S.Options.FeatureModel, S.Project->Root,
                                  S.Structures, Defines);
  if (!FeaturesOr)
    return FeaturesOr.takeError();
  if (FeaturesOr->Inferred && !FeaturesOr->ByMacro.empty()) {
    // Infer again without what preprocessing shows not to be options.
    InferenceEvidence Evidence =
        surveyForInference({*S.Project, *FeaturesOr, S.Texts, S.Structures,
                            S.Options.Jobs, nullptr});
    FeaturesOr = setUpFeatures(S.Options.FeatureModel, S.Project->Root,
                               S.Structures, Defines, &Evidence);
    if (!FeaturesOr)
      return FeaturesOr.takeError();
  }
  S.Features.emplace(std::move(*FeaturesOr));
  S.Features->CommandLineEverywhere = commandLineEverywhere(*S.Project);
  S.FeatureMacros = S.Features->macros();
  if (S.Features->Inferred) {
    std::string Skipped;
    if (!S.Features->SkippedExternal.empty())
      Skipped += "; left out as the platform's (defined or tested by "
                 "system headers or the compiler): " +
                 nameList(S.Features->SkippedExternal, 12);
    if (!S.Features->SkippedUnreached.empty())
      Skipped += "; left out as tested only in files no translation unit "
                 "reaches: " +
                 nameList(S.Features->SkippedUnreached, 12);
    reportWarning("no feature model given or found beside the project; "
                  "inferred one from the macros its #ifs test and never "
                  "define (" +
                      (S.FeatureMacros.empty() ? std::string("none")
                                               : nameList(S.FeatureMacros)) +
                      ")" + Skipped + "; it is written with the simulator to " +
                      S.Out +
                      "/model.xml (not if the rewrite fails): keep the "
                      "options you mean and pass it with -f",
                  S.Log);
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite
