//===- rewrite/RecordingParse.cpp - One parse, every recorder -------------===//

#include "rewrite/RecordingParse.h"
#include "rewrite/ProjectPaths.h"

#include "rewrite/safety/SafetyCollector.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"

namespace varsim::rewrite {
namespace {

using namespace clang;

class RecordingAction : public ASTFrontendAction {
public:
  RecordingAction(const ProjectLayout &Project, const RecordingJob &Job,
                  FactsRecorder *Facts, safety::SafetyFacts *Safety,
                  globals::GlobalsRecorder *Globals, bool SkipBodies,
                  std::set<std::string> &Read)
      : Project(Project), Job(Job), Facts(Facts), Safety(Safety),
        Globals(Globals), SkipBodies(SkipBodies), Read(Read) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // The multiplexed consumer skips a body only if every recorder does:
    // the safety recorder keeps the project's, the facts recorder reads no
    // other.
    CI.getFrontendOpts().SkipFunctionBodies = SkipBodies;
    if (Facts)
      Facts->begin(CI);
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    if (Facts)
      Consumers.push_back(Facts->consumer(CI));
    if (Safety)
      Consumers.push_back(
          safety::makeSafetyConsumer(CI, Project, *Job.Ranges, *Safety));
    if (Globals)
      Consumers.push_back(Globals->consumer(CI));
    if (Job.Extra)
      Consumers.push_back(Job.Extra(CI));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }

  void EndSourceFileAction() override {
    SourceManager &SM = getCompilerInstance().getSourceManager();
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      if (std::string P =
              absolutePathOf(SM.getFileManager(), It->first.getName());
          !P.empty())
        Read.insert(std::move(P));
  }

private:
  const ProjectLayout &Project;
  const RecordingJob &Job;
  FactsRecorder *Facts;
  safety::SafetyFacts *Safety;
  globals::GlobalsRecorder *Globals;
  bool SkipBodies;
  std::set<std::string> &Read;
};

RecordedParse record(const RecordingJob &Job, const ProjectLayout &Project,
                     bool SkipBodies) {
  RecordedParse Out;
  std::optional<FactsRecorder> Facts;
  if (Job.Structures && Job.Watched)
    Facts.emplace(ParseJob{Job.Parse.Entry, Job.Parse.Defines,
                           Job.Parse.StripMacros, Job.Parse.Overlay},
                  Project, *Job.Structures, *Job.Watched);
  if (Job.Ranges)
    Out.Safety.emplace();
  globals::GlobalFactsJob GlobalsJob{Job.Parse.Entry, Job.Parse.Defines,
                                     Job.Parse.StripMacros, Job.Parse.Overlay,
                                     Job.GlobalsWatchedMacros};
  std::optional<globals::GlobalsRecorder> Globals;
  if (Job.Globals)
    Globals.emplace(GlobalsJob, Project);
  SyntaxOnlyResult R = runSyntaxOnlyWith(Job.Parse, [&] {
    return std::make_unique<RecordingAction>(
        Project, Job, Facts ? &*Facts : nullptr,
        Out.Safety ? &*Out.Safety : nullptr, Globals ? &*Globals : nullptr,
        SkipBodies, Out.Read);
  });
  Out.Failed = R.Failed;
  Out.Diagnostics = std::move(R.Diagnostics);
  if (Facts) {
    Out.Facts = std::move(Facts->result());
    Out.Facts->Failed = Out.Failed;
    Out.Facts->Diagnostics = Out.Diagnostics;
  }
  if (Globals) {
    Out.Globals = std::move(Globals->result());
    Out.Globals->Failed = Out.Failed;
    Out.Globals->Diagnostics = Out.Diagnostics;
  }
  if (Out.Failed && Out.Safety) {
    Out.Safety = safety::SafetyFacts{};
    Out.Safety->Failed = true;
  }
  return Out;
}

} // namespace

RecordedParse recordTranslationUnit(const RecordingJob &Job,
                                    const ProjectLayout &Project) {
  bool Skip = Job.Ranges != nullptr;
  RecordedParse Out = record(Job, Project, Skip);
  if (Out.Failed && Skip)
    return record(Job, Project, /*SkipBodies=*/false);
  return Out;
}

} // namespace varsim::rewrite
