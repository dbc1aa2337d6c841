//===- rewrite/dataflow/Program.cpp - The whole-program taint analysis ----===//

#include "rewrite/dataflow/Analysis.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Index/USRGeneration.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

namespace varsim::dataflow {

using namespace clang;

std::string ProgramAnalysis::keyOf(const Decl *D) {
  llvm::SmallString<128> USR;
  if (!index::generateUSRForDecl(D, USR))
    return std::string(USR);
  // Locals without a USR: unique within the (living) AST.
  std::string Name = "local:";
  if (const auto *N = dyn_cast<NamedDecl>(D))
    Name += N->getNameAsString();
  return Name + "@" + std::to_string(reinterpret_cast<uintptr_t>(D));
}

std::string ProgramAnalysis::paramKey(const FunctionDecl *F, unsigned Index) {
  return keyOf(F) + "#param" + std::to_string(Index);
}

std::string ProgramAnalysis::returnKey(const FunctionDecl *F) {
  return keyOf(F) + "#return";
}

std::string ProgramAnalysis::memoryKey(QualType T) {
  T = T.getNonReferenceType();
  if (T->isArrayType())
    T = QualType(T->getBaseElementTypeUnsafe(), 0);
  return "memory:" + T.getCanonicalType().getUnqualifiedType().getAsString();
}

namespace {

bool isIgnoredFile(const SourceManager &SM, SourceLocation Loc) {
  if (SM.isInSystemHeader(Loc))
    return true;
  llvm::StringRef Name =
      llvm::sys::path::filename(SM.getFilename(SM.getExpansionLoc(Loc)));
  // The runtime's own code is not the program's.
  return Name == "varsim_runtime.h" || Name == "varsim_generated.h";
}

class BodyFinder : public RecursiveASTVisitor<BodyFinder> {
public:
  explicit BodyFinder(ASTContext &Ctx) : SM(Ctx.getSourceManager()) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  std::vector<const FunctionDecl *> Functions;
  std::vector<const VarDecl *> Globals;
  std::vector<const FieldDecl *> Fields;

  bool VisitFunctionDecl(FunctionDecl *F) {
    if (F->doesThisDeclarationHaveABody() && !F->isDependentContext() &&
        !F->isImplicit() && !isIgnoredFile(SM, F->getLocation()))
      Functions.push_back(F);
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (!V->hasLocalStorage() && !isa<ParmVarDecl>(V) && V->getInit() &&
        !V->getDeclContext()->isDependentContext() &&
        !isIgnoredFile(SM, V->getLocation()))
      Globals.push_back(V);
    return true;
  }
  bool VisitFieldDecl(FieldDecl *F) {
    if (F->hasInClassInitializer() && F->getInClassInitializer() &&
        !F->getParent()->isDependentContext() &&
        !isIgnoredFile(SM, F->getLocation()))
      Fields.push_back(F);
    return true;
  }

private:
  const SourceManager &SM;
};

} // namespace

void ProgramAnalysis::addTranslationUnit(ASTContext &Ctx) {
  ++TranslationUnits;
  BodyFinder Finder(Ctx);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  auto Add = [&](Body B, const std::string &Key) {
    if (!Seen.insert(Key).second)
      return;
    B.Ctx = &Ctx;
    B.Macros = std::make_unique<MacroFacts>(Ctx, Options);
    Bodies.push_back(std::move(B));
  };
  for (const FunctionDecl *F : Finder.Functions) {
    Body B;
    B.Function = F;
    Add(std::move(B), returnKey(F));
  }
  for (const VarDecl *V : Finder.Globals) {
    Body B;
    B.Global = V;
    Add(std::move(B), "init:" + keyOf(V));
  }
  for (const FieldDecl *F : Finder.Fields) {
    Body B;
    B.Field = F;
    Add(std::move(B), "init:" + keyOf(F));
  }
}

void ProgramAnalysis::walk(Body &B) {
  if (B.Function)
    walkFunction(*this, *B.Macros, *B.Function);
  else if (B.Global)
    walkInitializer(*this, *B.Macros, keyOf(B.Global), *B.Global->getInit());
  else if (B.Field)
    walkInitializer(*this, *B.Macros, keyOf(B.Field),
                    *B.Field->getInClassInitializer());
}

void ProgramAnalysis::recordSink(Sink S) {
  std::string Key = S.Function + "|" +
                    (S.Region ? std::to_string(*S.Region) : "-") + "|" +
                    S.Where.str();
  auto [It, New] = SinkIndex.emplace(Key, Sinks.size());
  if (New)
    Sinks.push_back(std::move(S));
  else
    join(Sinks[It->second].Features, S.Features);
}

DataFlowFacts ProgramAnalysis::run() {
  // Cells only grow and are finite: this ends; the bound is a safety net.
  constexpr int MaxRounds = 64;
  for (int Round = 0; Round < MaxRounds; ++Round) {
    Changed = false;
    for (Body &B : Bodies)
      walk(B);
    if (!Changed)
      break;
  }
  if (std::getenv("VARSIM_DATAFLOW_DEBUG"))
    for (const auto &[Key, T] : Cells)
      if (!T.empty()) {
        llvm::errs() << "cell " << Key << ":";
        for (const auto &[F, O] : T)
          llvm::errs() << " " << F << (O.FromCaller ? "(caller)" : "") << "@"
                       << O.Source.str();
        llvm::errs() << "\n";
      }
  Recording = true;
  for (Body &B : Bodies)
    walk(B);
  Recording = false;

  auto NameOf = [&](const std::string &Macro) {
    auto It = Options.FeatureNames.find(Macro);
    return It == Options.FeatureNames.end() ? Macro : It->second;
  };
  std::map<unsigned, Influence> ByRegion;
  std::map<std::string, Influence> ByFunction;
  auto Add = [&](Influence &I, const Sink &S) {
    for (const auto &[Macro, O] : S.Features) {
      std::string Name = NameOf(Macro);
      if (llvm::is_contained(I.Features, Name))
        continue;
      I.Features.push_back(Name);
      I.Evidences.push_back({Name, O.Source, S.Where, O.Via});
    }
  };
  for (const Sink &S : Sinks) {
    if (S.Region) {
      Influence &I = ByRegion[*S.Region];
      I.Region = S.Region;
      I.Function = S.Function;
      Add(I, S);
    }
    Influence &I = ByFunction[S.Function];
    I.Function = S.Function;
    Add(I, S);
  }
  DataFlowFacts Facts;
  Facts.TranslationUnits = TranslationUnits;
  auto Finish = [](Influence I) {
    llvm::sort(I.Features);
    llvm::sort(I.Evidences, [](const Evidence &A, const Evidence &B) {
      return A.Feature < B.Feature;
    });
    return I;
  };
  for (auto &[Id, I] : ByRegion)
    Facts.Regions.push_back(Finish(std::move(I)));
  for (auto &[Name, I] : ByFunction)
    Facts.Functions.push_back(Finish(std::move(I)));
  return Facts;
}

namespace {

std::vector<std::string> withResourceDir(std::vector<std::string> Args) {
  Args.push_back("-resource-dir=" VARSIM_CLANG_RESOURCE_DIR);
  Args.push_back("-Wno-everything");
  return Args;
}

} // namespace

llvm::Expected<DataFlowFacts>
analyzeDataFlow(const tooling::CompilationDatabase &Db,
                const AnalysisOptions &Options) {
  std::vector<std::string> Files =
      Options.Files.empty() ? Db.getAllFiles() : Options.Files;
  llvm::sort(Files);
  tooling::ClangTool Tool(Db, Files);
  Tool.appendArgumentsAdjuster(
      [](const tooling::CommandLineArguments &Args, llvm::StringRef) {
        tooling::CommandLineArguments Out = Args;
        Out.push_back("-resource-dir=" VARSIM_CLANG_RESOURCE_DIR);
        Out.push_back("-Wno-everything");
        return Out;
      });
  std::vector<std::unique_ptr<ASTUnit>> Units;
  // buildASTs succeeds for a unit with errors (even a missing header): the
  // AST is then partial, and facts from it could be wrong.
  bool BuildFailed = Tool.buildASTs(Units) != 0;
  std::vector<std::string> Broken;
  for (auto &U : Units)
    if (U->getDiagnostics().hasErrorOccurred())
      Broken.push_back(U->getMainFileName().str());
  if (BuildFailed || !Broken.empty()) {
    std::string Names;
    for (size_t I = 0; I < Broken.size() && I < 3; ++I)
      Names += (I ? ", " : " (") + Broken[I];
    if (Broken.size() > 3)
      Names += ", ...";
    if (!Broken.empty())
      Names += ")";
    return makeError("data-flow checks: " +
                     std::to_string(std::max<size_t>(Broken.size(), 1)) +
                     " of " + std::to_string(Files.size()) +
                     " translation unit(s) of the simulator do not parse" +
                     Names + "; see the errors above");
  }
  ProgramAnalysis Program(Options);
  for (auto &U : Units)
    Program.addTranslationUnit(U->getASTContext());
  return Program.run();
}

llvm::Expected<DataFlowFacts> analyzeCode(llvm::StringRef Code,
                                          const std::vector<std::string> &Args,
                                          llvm::StringRef FileName,
                                          const AnalysisOptions &Options) {
  std::unique_ptr<ASTUnit> Unit =
      tooling::buildASTFromCodeWithArgs(Code, withResourceDir(Args), FileName);
  if (!Unit || Unit->getDiagnostics().hasErrorOccurred())
    return makeError(FileName, 0, 0, "does not parse");
  ProgramAnalysis Program(Options);
  Program.addTranslationUnit(Unit->getASTContext());
  return Program.run();
}

} // namespace varsim::dataflow
