//===- rewrite/ParseFacts.cpp - What one parse of one TU tells the rewriter
//===//

#include "rewrite/ParseFacts.h"
#include "rewrite/ParseFactsImpl.h"
#include "rewrite/SyntaxOnlyParse.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"

namespace varsim::rewrite {

namespace {
bool inRanges(const std::vector<std::pair<unsigned, unsigned>> &Ranges,
              unsigned Offset) {
  return llvm::any_of(Ranges, [&](const std::pair<unsigned, unsigned> &R) {
    return R.first <= Offset && Offset < R.second;
  });
}
} // namespace

bool FileFacts::isSkipped(unsigned Offset) const {
  return inRanges(Skipped, Offset);
}

bool FileFacts::isSkippedByEveryInclusion(unsigned Offset) const {
  return isSkipped(Offset) &&
         llvm::all_of(Repeats, [&](const RepeatInclusion &R) {
           return inRanges(R.Skipped, Offset);
         });
}

bool FileFacts::isActive(unsigned Begin, unsigned End) const {
  if (Begin >= End)
    return !isSkipped(Begin);
  unsigned Pos = Begin;
  bool Moved = true;
  while (Moved && Pos < End) {
    Moved = false;
    for (const auto &[B, E] : Skipped)
      if (B <= Pos && Pos < E) {
        Pos = E;
        Moved = true;
      }
  }
  return Pos < End;
}

namespace {

using namespace clang;

class FactsConsumer : public ASTConsumer {
public:
  explicit FactsConsumer(facts::ParseState &S) : State(S) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    facts::collectDefinitions(State, Ctx);
    facts::placeDirectives(State, Ctx);
  }

private:
  facts::ParseState &State;
};

} // namespace

// The recorder's parse state: Result first, since State refers to it.
struct FactsRecorder::Impl {
  Impl(const ParseJob &Job, const ProjectLayout &Project,
       const std::map<std::string, FileStructure> &Structures,
       const std::map<std::string, std::vector<unsigned>> &Watched)
      : State{Project, Structures, Watched, Result,
              std::set<std::string>(Job.StripMacros.begin(),
                                    Job.StripMacros.end())} {}
  ParseResult Result;
  facts::ParseState State;
};

FactsRecorder::FactsRecorder(
    const ParseJob &Job, const ProjectLayout &Project,
    const std::map<std::string, FileStructure> &Structures,
    const std::map<std::string, std::vector<unsigned>> &WatchedDirectives)
    : I(std::make_unique<Impl>(Job, Project, Structures, WatchedDirectives)) {}

FactsRecorder::~FactsRecorder() = default;

void FactsRecorder::begin(CompilerInstance &CI) {
  I->State.SM = &CI.getSourceManager();
  CI.getPreprocessor().addPPCallbacks(
      facts::makeSkipRecorder(I->State, CI.getPreprocessor()));
}

std::unique_ptr<ASTConsumer> FactsRecorder::consumer(CompilerInstance &CI) {
  I->State.SM = &CI.getSourceManager();
  return std::make_unique<FactsConsumer>(I->State);
}

ParseResult &FactsRecorder::result() { return I->Result; }

namespace {

class FactsAction : public ASTFrontendAction {
public:
  explicit FactsAction(FactsRecorder &R) : Recorder(R) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    Recorder.begin(CI);
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    return Recorder.consumer(CI);
  }

private:
  FactsRecorder &Recorder;
};

} // namespace

ParseResult parseTranslationUnit(
    const ParseJob &Job, const ProjectLayout &Project,
    const std::map<std::string, FileStructure> &Structures,
    const std::map<std::string, std::vector<unsigned>> &WatchedDirectives) {
  FactsRecorder Recorder(Job, Project, Structures, WatchedDirectives);
  SyntaxOnlyParse P;
  P.Entry = Job.Entry;
  P.Defines = Job.Defines;
  P.StripMacros = Job.StripMacros;
  P.Overlay = Job.Overlay;
  SyntaxOnlyResult Parsed = runSyntaxOnlyWith(
      P, [&] { return std::make_unique<FactsAction>(Recorder); });
  ParseResult Result = std::move(Recorder.result());
  if (Parsed.Failed) {
    Result.Failed = true;
    Result.Diagnostics = std::move(Parsed.Diagnostics);
  }
  return Result;
}

} // namespace varsim::rewrite
