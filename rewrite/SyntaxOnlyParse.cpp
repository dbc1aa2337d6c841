//===- rewrite/SyntaxOnlyParse.cpp ----------------------------------------===//

#include "rewrite/SyntaxOnlyParse.h"
#include "rewrite/ParseCount.h"
#include "rewrite/ParseFileCache.h"
#include "rewrite/SyntaxOnlyAST.h"

#include "runtime/SimulatorTables.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/CompilationDatabase.h"

namespace varsim::rewrite {
namespace {

/// A database of one command: the entry being parsed.
class SingleCommandDatabase : public clang::tooling::CompilationDatabase {
public:
  explicit SingleCommandDatabase(clang::tooling::CompileCommand C)
      : Cmd(std::move(C)) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef) const override {
    return {Cmd};
  }

private:
  clang::tooling::CompileCommand Cmd;
};

/// Runs Inner's actions as FrontendActionFactory::runInvocation does, but
/// with the compiler's "N errors generated." count going nowhere: the
/// messages themselves are captured (SyntaxOnlyResult::Diagnostics) and the
/// pass that reads them says what they mean; a bare count on stderr is
/// noise before the real message.
class QuietFactory : public clang::tooling::FrontendActionFactory {
public:
  explicit QuietFactory(clang::tooling::FrontendActionFactory &Inner)
      : Inner(Inner) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return Inner.create();
  }
  bool
  runInvocation(std::shared_ptr<clang::CompilerInvocation> Invocation,
                clang::FileManager *Files,
                std::shared_ptr<clang::PCHContainerOperations> PCHContainerOps,
                clang::DiagnosticConsumer *DiagConsumer) override {
    clang::CompilerInstance Compiler(std::move(PCHContainerOps));
    Compiler.setInvocation(std::move(Invocation));
    Compiler.setFileManager(Files);
    std::unique_ptr<clang::FrontendAction> Action(create());
    Compiler.createDiagnostics(DiagConsumer, /*ShouldOwnClient=*/false);
    if (!Compiler.hasDiagnostics())
      return false;
    Compiler.setVerboseOutputStream(std::make_unique<llvm::raw_null_ostream>());
    Compiler.createSourceManager(*Files);
    bool Success = Compiler.ExecuteAction(*Action);
    Files->clearStatCache();
    return Success;
  }

private:
  clang::tooling::FrontendActionFactory &Inner;
};

} // namespace

std::vector<std::string> syntaxOnlyArguments(const SyntaxOnlyParse &P) {
  std::vector<std::string> Args =
      withoutMacroFlags(P.Entry->Arguments, P.StripMacros);
  std::vector<std::string> Clean;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if ((A == "-o" || A == "-MF" || A == "-MT" || A == "-MQ") &&
        I + 1 < Args.size()) {
      ++I;
      continue;
    }
    if (A == "-MD" || A == "-MMD" || A == "-c" ||
        (A.starts_with("-o") && A.size() > 2))
      continue;
    Clean.push_back(Args[I]);
  }
  std::vector<std::string> Extra = P.Defines;
  // The runtime's feature reads (VARSIM_F_<M>, declared by the generated
  // header in the simulator) as this configuration's constants, so that
  // text an earlier pass wrote with run-time reads (docs/foreign.md)
  // compiles in the parses.
  std::map<std::string, std::string> Values;
  for (llvm::StringRef D : P.Defines)
    if (D.consume_front("-D")) {
      auto [Name, Value] = D.split('=');
      Values[Name.str()] = Value.empty() ? "1" : Value.str();
    }
  for (const std::string &M : P.StripMacros) {
    runtime::FeatureDesc F;
    F.Macro = M;
    auto It = Values.find(M);
    Extra.push_back("-D" + runtime::featureValueExpr(F) + "=" +
                    (It == Values.end() ? "0" : It->second));
  }
  Extra.push_back("-w");
  Extra.push_back("-ferror-limit=20");
  Extra.insert(Extra.end(), P.ExtraFlags.begin(), P.ExtraFlags.end());
  if (llvm::StringRef(VARSIM_CLANG_RESOURCE_DIR).size())
    Extra.push_back(std::string("-resource-dir=") + VARSIM_CLANG_RESOURCE_DIR);
  Clean.insert(Clean.begin() + (Clean.empty() ? 0 : 1), Extra.begin(),
               Extra.end());
  return Clean;
}

namespace {

/// Sets up the tool of one parse of P (its database in DB) with the
/// diagnostics going to Printer, and runs Run on it; Run says if it failed.
template <class RunTool>
SyntaxOnlyResult runParse(const SyntaxOnlyParse &P, RunTool Run) {
  recordParse(P.Entry->File, P.Defines);
  SingleCommandDatabase DB(clang::tooling::CompileCommand(
      P.Entry->Directory, P.Entry->File, syntaxOnlyArguments(P), ""));
  // A file system of its own: the shared real one would chdir the whole
  // process, and parses run in parallel from different directories. The
  // files come through the pass's cache (rewrite/ParseFileCache.h).
  clang::tooling::ClangTool Tool(
      DB, {P.Entry->File}, std::make_shared<clang::PCHContainerOperations>(),
      parseFileSystem());
  if (P.Overlay)
    for (const auto &[Path, Text] : *P.Overlay)
      Tool.mapVirtualFile(Path, Text);
  Tool.clearArgumentsAdjusters();
  Tool.appendArgumentsAdjuster(clang::tooling::getClangSyntaxOnlyAdjuster());

  SyntaxOnlyResult Result;
  llvm::raw_string_ostream DiagOS(Result.Diagnostics);
  auto DiagOpts = llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  // Places as `#line` gives them (as the compiler driver does): lowered and
  // rewritten texts carry the original files' names and lines.
  DiagOpts->ShowPresumedLoc = true;
  clang::TextDiagnosticPrinter Printer(DiagOS, DiagOpts.get());
  Tool.setDiagnosticConsumer(&Printer);
  Tool.setPrintErrorMessage(false);
  Result.Failed = Run(Tool);
  DiagOS.flush();
  if (!Result.Failed)
    Result.Diagnostics.clear();
  return Result;
}

} // namespace

SyntaxOnlyResult runSyntaxOnly(const SyntaxOnlyParse &P,
                               clang::tooling::FrontendActionFactory &Factory) {
  return runParse(P, [&](clang::tooling::ClangTool &Tool) {
    QuietFactory Quiet(Factory);
    return Tool.run(&Quiet) != 0;
  });
}

SyntaxOnlyResult buildSyntaxOnlyAST(const SyntaxOnlyParse &P,
                                    std::unique_ptr<clang::ASTUnit> &AST) {
  AST.reset();
  return runParse(P, [&](clang::tooling::ClangTool &Tool) {
    std::vector<std::unique_ptr<clang::ASTUnit>> Units;
    // An AST is built despite errors (even a missing header): those say
    // whether the parse failed.
    bool Failed = Tool.buildASTs(Units) != 0 || Units.size() != 1 ||
                  Units[0]->getDiagnostics().hasErrorOccurred();
    if (!Failed)
      AST = std::move(Units[0]);
    return Failed;
  });
}

} // namespace varsim::rewrite
