//===- rewrite/globals/GlobalFacts.cpp - File-scope entities and uses -----===//
//
// The globals recorder: its preprocessor callbacks (watched macros, files
// entered) and the AST walk (GlobalFactsCollector.h) installed on a parse.
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/GlobalFacts.h"
#include "rewrite/Stringifiers.h"
#include "rewrite/SyntaxOnlyParse.h"
#include "rewrite/globals/GlobalFactsCollector.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

#include <functional>

namespace varsim::rewrite::globals {

void GlobalFacts::merge(GlobalFacts &&O) {
  Defs.merge(O.Defs);
  Redecls.merge(O.Redecls);
  Protos.merge(O.Protos);
  for (auto &[Key, F] : O.Functions)
    if (auto It = Functions.find(Key); It != Functions.end())
      It->second.ParamSpans.merge(F.ParamSpans);
  Functions.merge(O.Functions);
  Refs.merge(O.Refs);
  for (auto &[Key, E] : O.Expansions)
    if (auto It = Expansions.find(Key); It != Expansions.end())
      It->second.Stringified = It->second.Stringified || E.Stringified;
  Expansions.merge(O.Expansions);
  Enumerators.merge(O.Enumerators);
  ExtentUses.merge(O.ExtentUses);
  Locals.merge(O.Locals);
  FileScopeNames.merge(O.FileScopeNames);
  Included.merge(O.Included);
}

namespace collect {
namespace {

class MacroRecorder : public PPCallbacks {
public:
  MacroRecorder(State &S, Preprocessor &PP) : S(S), Stringifiers(PP) {}

  void MacroExpands(const Token &Name, const MacroDefinition &MD, SourceRange,
                    const MacroArgs *Args) override {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    if (!II)
      return;
    // A watched macro named in the argument of a macro that stringifies
    // it (`"window=" STR(WINDOW_LOG)`): the string holds its value.
    if (Args && Stringifiers.expandsAndStringifies(MD.getMacroInfo()))
      for (unsigned I = 0; I < Args->getNumMacroArguments(); ++I)
        for (const Token *T = Args->getUnexpArgument(I); T->isNot(tok::eof);
             ++T)
          if (const IdentifierInfo *A = T->getIdentifierInfo();
              A && S.Watched.count(A->getName().str()))
            if (MacroExpansion *E = record(A->getName(), T->getLocation()))
              E->Stringified = true;
    if (S.Watched.count(II->getName().str()))
      record(II->getName(), Name.getLocation());
  }

  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind, FileID) override {
    if (Reason != EnterFile || Loc.isInvalid())
      return;
    if (const std::string *File = S.pathOf(S.SM->getFileID(Loc)))
      S.Out.Included.insert(*File);
  }

private:
  MacroExpansion *record(llvm::StringRef Macro, SourceLocation Loc) {
    auto [At, Via] = S.writtenAt(Loc);
    const std::string *File = S.pathOf(S.SM->getFileID(At));
    if (!File)
      return nullptr;
    MacroExpansion E;
    E.Macro = Macro.str();
    E.File = *File;
    E.Offset = S.SM->getFileOffset(At);
    E.Line = S.SM->getSpellingLineNumber(At);
    E.Column = S.SM->getSpellingColumnNumber(At);
    E.Direct = !Via;
    return &S.Out.Expansions.emplace(keyOf(E.File, E.Offset) + "|" + E.Macro, E)
                .first->second;
  }

  State &S;
  StringifierCheck Stringifiers;
};

class Consumer : public ASTConsumer {
public:
  explicit Consumer(State &S) : S(S) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    // A unit that does not compile is not lowered (its AST may be broken).
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    Collector C(S, Ctx);
    C.TraverseDecl(Ctx.getTranslationUnitDecl());
    recordFileScopeNames(Ctx);
  }

private:
  /// Every name a declaration at file scope makes visible, wherever it is
  /// declared (a local that shadows a C library's global is as wrong as
  /// one that shadows the project's).
  void recordFileScopeNames(ASTContext &Ctx) {
    std::function<void(const DeclContext *)> Walk = [&](const DeclContext *DC) {
      for (const Decl *D : DC->decls()) {
        if (const auto *ND = dyn_cast<NamedDecl>(D))
          if (const IdentifierInfo *II = ND->getIdentifier())
            S.Out.FileScopeNames.insert(II->getName().str());
        if (const auto *ED = dyn_cast<EnumDecl>(D))
          for (const EnumConstantDecl *EC : ED->enumerators())
            S.Out.FileScopeNames.insert(EC->getName().str());
        if (isa<LinkageSpecDecl>(D) || isa<NamespaceDecl>(D))
          Walk(cast<DeclContext>(D));
      }
    };
    Walk(Ctx.getTranslationUnitDecl());
  }

  State &S;
};

} // namespace
} // namespace collect

using namespace collect;

// The recorder's state: Out first, since S refers to it.
struct GlobalsRecorder::Impl {
  Impl(const GlobalFactsJob &Job, const ProjectLayout &Project)
      : S{Project, Job.WatchedMacros ? *Job.WatchedMacros : None, Out} {}
  static inline const std::set<std::string> None;
  GlobalFacts Out;
  State S;
};

GlobalsRecorder::GlobalsRecorder(const GlobalFactsJob &Job,
                                 const ProjectLayout &Project)
    : I(std::make_unique<Impl>(Job, Project)) {}

GlobalsRecorder::~GlobalsRecorder() = default;

std::unique_ptr<ASTConsumer> GlobalsRecorder::consumer(CompilerInstance &CI) {
  I->S.SM = &CI.getSourceManager();
  CI.getPreprocessor().addPPCallbacks(
      std::make_unique<MacroRecorder>(I->S, CI.getPreprocessor()));
  return std::make_unique<Consumer>(I->S);
}

GlobalFacts &GlobalsRecorder::result() { return I->Out; }

namespace {

class Action : public ASTFrontendAction {
public:
  explicit Action(GlobalsRecorder &R) : Recorder(R) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    return Recorder.consumer(CI);
  }

private:
  GlobalsRecorder &Recorder;
};

} // namespace

GlobalFacts collectGlobalFacts(const GlobalFactsJob &Job,
                               const ProjectLayout &Project) {
  GlobalsRecorder Recorder(Job, Project);
  SyntaxOnlyResult R = runSyntaxOnlyWith(
      {Job.Entry, Job.Defines, Job.StripMacros, {}, Job.Overlay},
      [&] { return std::make_unique<Action>(Recorder); });
  GlobalFacts Out = std::move(Recorder.result());
  Out.Failed = R.Failed;
  Out.Diagnostics = std::move(R.Diagnostics);
  return Out;
}

} // namespace varsim::rewrite::globals
