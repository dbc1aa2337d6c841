//===- rewrite/passes/FeaturesPass.cpp - The features
//-----------------------===//
//
// Reads: the options' feature model (or none), the project's -D flags, the
// scanned structures. Adds: the features (the model given, found beside
// the project, or inferred from the macros the #ifs test and never define,
// with a warning) and their macros.
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/Passes.h"

#include <set>

namespace varsim::rewrite {
namespace {

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

} // namespace

llvm::Error runFeaturesPass(RewriteState &S) {
  auto FeaturesOr = setUpFeatures(S.Options.FeatureModel, S.Project->Root,
                                  S.Structures, commandLineDefines(*S.Project));
  if (!FeaturesOr)
    return FeaturesOr.takeError();
  S.Features.emplace(std::move(*FeaturesOr));
  S.FeatureMacros = S.Features->macros();
  if (S.Features->Inferred) {
    std::string Names;
    for (const std::string &M : S.FeatureMacros)
      Names += (Names.empty() ? "" : ", ") + M;
    reportWarning("no feature model given or found beside the project; "
                  "inferred one from the macros its #ifs test and never "
                  "define (" +
                      (Names.empty() ? std::string("none") : Names) +
                      "), written to " + S.Out +
                      "/model.xml: edit it and "
                      "pass it with -f",
                  S.Log);
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite
