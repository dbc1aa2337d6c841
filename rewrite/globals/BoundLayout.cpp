//===- rewrite/globals/BoundLayout.cpp - Layouts a largest bound changes --===//

#include "rewrite/globals/BoundLayout.h"

#include "rewrite/ParseLoop.h"
#include "rewrite/SyntaxOnlyParse.h"
#include "rewrite/safety/FeatureRanges.h"
#include "rewrite/safety/LayoutJudge.h"
#include "rewrite/safety/SafetyCollector.h"
#include "support/Diagnostic.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace varsim::rewrite::globals {
namespace {

using namespace clang;

class LayoutAction : public ASTFrontendAction {
public:
  LayoutAction(const ProjectLayout &Project,
               const safety::FeatureRanges &Ranges, safety::SafetyFacts &Out)
      : Project(Project), Ranges(Ranges), Out(Out) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // Only the project's bodies matter (as in the safety pass).
    CI.getFrontendOpts().SkipFunctionBodies = true;
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    return safety::makeSafetyConsumer(CI, Project, Ranges, Out);
  }

private:
  const ProjectLayout &Project;
  const safety::FeatureRanges &Ranges;
  safety::SafetyFacts &Out;
};

using Point = std::tuple<std::string, unsigned, unsigned>;

Point pointOf(const safety::Finding &F) {
  return {F.Where.File, F.Where.Line, F.Where.Column};
}

} // namespace

llvm::Error judgeLoweredBounds(const std::vector<LoweredBound> &Bounds,
                               const BoundLayoutInput &In) {
  if (Bounds.empty())
    return llvm::Error::success();
  safety::FeatureRanges Ranges(In.Structures, In.Groups, In.Features);
  std::vector<std::string> Strip = In.Features.macros();
  std::vector<std::pair<const CompileEntry *, const std::vector<std::string> *>>
      Jobs;
  for (const std::vector<std::string> &Defines : In.ParseDefines)
    for (const CompileEntry &E : In.Project.Entries)
      Jobs.push_back({&E, &Defines});
  std::vector<safety::SafetyFacts> Parses(Jobs.size());
  parseInParallel(In.Jobs, Jobs.size(), [&](size_t I) {
    SyntaxOnlyParse P;
    P.Entry = Jobs[I].first;
    P.Defines = *Jobs[I].second;
    P.StripMacros = Strip;
    P.Overlay = In.Overlay;
    safety::SafetyFacts &Out = Parses[I];
    SyntaxOnlyResult R = runSyntaxOnlyWith(P, [&] {
      return std::make_unique<LayoutAction>(In.Project, Ranges, Out);
    });
    if (R.Failed)
      Out = safety::SafetyFacts{};
  });
  // What the safety pass refuses anyway is not this pass's to report.
  std::set<Point> Before;
  for (const safety::Finding &F :
       safety::judgeLayouts(Parses, In.Project, Ranges))
    Before.insert(pointOf(F));
  for (safety::SafetyFacts &P : Parses)
    for (const LoweredBound &B : Bounds) {
      auto It = P.Records.find(B.File + ":" + std::to_string(B.RecordOffset));
      if (It == P.Records.end())
        continue;
      It->second.Conditional.push_back(
          {"'" + B.Field + "'", B.File, B.FieldOffset, B.Why, false, ""});
    }
  std::vector<safety::Finding> After =
      safety::judgeLayouts(Parses, In.Project, Ranges);
  std::sort(After.begin(), After.end(),
            [](const safety::Finding &A, const safety::Finding &B) {
              return pointOf(A) < pointOf(B);
            });
  for (const safety::Finding &F : After)
    if (!Before.count(pointOf(F)))
      return makeError(F.Where.File, F.Where.Line, F.Where.Column,
                       F.Message + " (the member array's bound differs per "
                                   "configuration; the simulator gives it the "
                                   "largest one, docs/globals.md)");
  return llvm::Error::success();
}

} // namespace varsim::rewrite::globals
