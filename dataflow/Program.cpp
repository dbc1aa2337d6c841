//===- dataflow/Program.cpp - The whole-program taint analysis ------------===//

#include "dataflow/Analysis.h"

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

ProgramAnalysis::ProgramAnalysis(const AnalysisOptions &Options)
    : Options(Options), Tracing(std::getenv("VARSIM_DATAFLOW_TRACE")) {}

ProgramAnalysis::CellKey ProgramAnalysis::intern(llvm::StringRef Name) {
  auto [It, New] = KeyIds.try_emplace(Name, KeyNames.size());
  if (New) {
    KeyNames.push_back(Name.str());
    Cells.emplace_back();
    InitCells.emplace_back();
    Decides.push_back(false);
    Returned.push_back(false);
    for (Stamps *Kind :
         {&CellChanges, &DecidesChanges, &ReturnedChanges, &InitChanges})
      Kind->push_back(0);
  }
  return It->second;
}

void ProgramAnalysis::traceGrowth(CellKey Key,
                                  const std::string &Feature) const {
  llvm::errs() << "trace " << Feature << " -> " << keyName(Key) << " at "
               << TraceWhere << "\n";
}

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
  findPointedArrays(Ctx);
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
  if (B.Function) {
    walkFunction(*this, *B.Macros, *B.Function);
    return;
  }
  CellKey Key = intern(B.Global ? keyOf(B.Global) : keyOf(B.Field));
  if (join(InitCells[Key],
           walkInitializer(*this, *B.Macros, Key,
                           B.Global ? *B.Global->getInit()
                                    : *B.Field->getInClassInitializer())))
    stamp(InitChanges, Key, /*Round=*/false);
}

bool ProgramAnalysis::stale(const Body &B) const {
  if (!B.Walked)
    return true;
  auto ChangedSince = [&](const llvm::DenseSet<CellKey> &Read,
                          const Stamps &Changes) {
    return llvm::any_of(Read,
                        [&](CellKey K) { return Changes[K] > B.WalkedAt; });
  };
  return ChangedSince(B.LastReads.Cells, CellChanges) ||
         ChangedSince(B.LastReads.Decides, DecidesChanges) ||
         ChangedSince(B.LastReads.Returned, ReturnedChanges) ||
         ChangedSince(B.LastReads.Inits, InitChanges);
}

namespace {

/// What a function body (or one statement) calls directly, and whether it
/// reads a feature or calls through a pointer (which may reach anything).
class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  explicit CallCollector(const MacroFacts &M) : M(M) {}
  bool shouldVisitLambdaBodies() const { return true; }

  std::set<std::string> Callees;
  bool ReadsFeature = false;
  bool Indirect = false;

  bool VisitExpr(Expr *E) {
    // One read is enough to know; the rest of the body is not asked.
    if (!ReadsFeature && M.featureRead(E))
      ReadsFeature = true;
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee())
      Callees.insert(ProgramAnalysis::returnKey(F));
    else if (!isa<CXXPseudoDestructorExpr>(C->getCallee()->IgnoreParens()))
      Indirect = true;
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(C))
      if (const CXXMethodDecl *Method = Member->getMethodDecl();
          Method && Method->isVirtual())
        Indirect = true; // An override may run instead.
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    if (const CXXConstructorDecl *Ctor = C->getConstructor())
      Callees.insert(ProgramAnalysis::returnKey(Ctor));
    return true;
  }

private:
  const MacroFacts &M;
};

} // namespace

void ProgramAnalysis::orderCalls() {
  struct Node {
    std::set<std::string> Callees;
    bool Reaches = false; ///< Reads a feature, here or in a callee.
  };
  std::map<std::string, Node> Graph;
  const Body *Main = nullptr;
  for (const Body &B : Bodies) {
    if (!B.Function)
      continue;
    CallCollector C(*B.Macros);
    C.TraverseStmt(B.Function->getBody());
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(B.Function))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        C.TraverseStmt(Init->getInit());
    Node &N = Graph[returnKey(B.Function)];
    N.Callees = std::move(C.Callees);
    N.Reaches = C.ReadsFeature || C.Indirect;
    if (B.Function->isMain())
      Main = &B;
  }
  if (!Main || !isa_and_nonnull<CompoundStmt>(Main->Function->getBody()))
    return;
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (auto &[Key, N] : Graph)
      if (!N.Reaches)
        for (const std::string &Callee : N.Callees)
          if (auto It = Graph.find(Callee);
              It != Graph.end() && It->second.Reaches) {
            N.Reaches = Grew = true;
            break;
          }
  }
  auto Reach = [&](const std::set<std::string> &From,
                   std::set<std::string> &Into) {
    std::vector<std::string> Work(From.begin(), From.end());
    while (!Work.empty()) {
      std::string K = std::move(Work.back());
      Work.pop_back();
      auto It = Graph.find(K);
      if (It == Graph.end() || !Into.insert(K).second)
        continue;
      Work.insert(Work.end(), It->second.Callees.begin(),
                  It->second.Callees.end());
    }
  };
  const auto *MainBody = cast<CompoundStmt>(Main->Function->getBody());
  std::set<std::string> Before, After;
  bool Late = false;
  unsigned Index = 0;
  for (const Stmt *S : MainBody->body()) {
    CallCollector C(*Main->Macros);
    C.TraverseStmt(const_cast<Stmt *>(S));
    if (!Late) {
      bool Reaches = C.ReadsFeature || C.Indirect;
      for (const std::string &Callee : C.Callees)
        if (auto It = Graph.find(Callee);
            It != Graph.end() && It->second.Reaches)
          Reaches = true;
      Late = Reaches;
      if (!Late)
        MainPrefix = ++Index;
    }
    (Late ? After : Before).insert(C.Callees.begin(), C.Callees.end());
  }
  // Everything main's later statements call, and everything main does not
  // call at all (callbacks, static constructors, threads), runs late.
  std::set<std::string> FromBefore, FromLate;
  Reach(Before, FromBefore);
  Reach(After, FromLate);
  std::set<std::string> FromMain = FromBefore;
  FromMain.insert(FromLate.begin(), FromLate.end());
  FromMain.insert(returnKey(Main->Function));
  std::set<std::string> Roots;
  for (const auto &[Key, N] : Graph)
    if (!FromMain.count(Key))
      Roots.insert(Key);
  Reach(Roots, FromLate);
  for (const std::string &K : FromBefore)
    if (!FromLate.count(K))
      Early.insert(K);
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
  findReachable();
  orderCalls();
  for (int Round = 0; Round < MaxRounds; ++Round) {
    Changed = false;
    for (Body &B : Bodies) {
      if (B.Unreachable)
        continue; // No run executes it: it writes and decides nothing.
      // A walk is a function of what it reads: unchanged reads, same
      // joins (no-ops the second time), so skipping keeps the result.
      if (Options.SkipUnchangedBodies && !stale(B))
        continue;
      B.LastReads = {};
      B.WalkedAt = Clock;
      B.Walked = true;
      Walking = &B;
      walk(B);
      Walking = nullptr;
    }
    if (!Changed)
      break;
  }
  if (std::getenv("VARSIM_DATAFLOW_DEBUG")) {
    std::map<std::string, CellKey> ByName; // Printed by key text.
    for (CellKey K = 0; K < KeyNames.size(); ++K)
      ByName.emplace(KeyNames[K], K);
    for (const auto &[Key, Id] : ByName)
      if (const Taint &T = Cells[Id]; !T.empty()) {
        llvm::errs() << "cell " << Key << ":";
        for (const auto &[F, O] : T)
          llvm::errs() << " " << F << (O.FromCaller ? "(caller)" : "") << "@"
                       << O.Source.str();
        llvm::errs() << "\n";
      }
  }
  Recording = true;
  for (Body &B : Bodies)
    if (!B.Unreachable)
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
      Evidence E{Name, O.Source, S.Where, O.Via,
                 O.Control  ? "control"
                 : O.Callee ? "callee"
                            : "data"};
      auto Known = llvm::find(I.Features, Name);
      if (Known == I.Features.end()) {
        I.Features.push_back(Name);
        I.Evidences.push_back(std::move(E));
      } else if (Evidence &Old = I.Evidences[Known - I.Features.begin()];
                 Old.Kind == "callee" && E.Kind != "callee") {
        // The region's own decision or exit beats one in an unmarked
        // callee: the plan observes a callee's facts one feature at a
        // time (plan/OutDir.cpp), the region's own in combination.
        Old = std::move(E);
      }
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
  findUnreachable(Facts);
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
  std::vector<ASTUnit *> Parsed;
  for (auto &U : Units)
    Parsed.push_back(U.get());
  return analyzeUnits(Parsed, Options);
}

DataFlowFacts analyzeUnits(llvm::ArrayRef<ASTUnit *> Units,
                           const AnalysisOptions &Options) {
  ProgramAnalysis Program(Options);
  for (ASTUnit *U : Units)
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
