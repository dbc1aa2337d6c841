//===- dataflow/Reachability.cpp - Code no run can execute ----------------===//
//
// Which C functions (and the region markers inside them) the program can
// never execute, from the direct call graph of every translation unit and
// its entry points. The plan covers a region (or a copy of a function per
// configuration, rewrite/FeatureVersions.cpp and Lifting.cpp) only so that
// some run observes its time; code that no run executes has no time in any
// run, so its terms are zero in every configuration and covering it only
// adds runs (Mbed TLS: `mbedtls_version_check_feature`, copied per
// configuration of five options, never called by the workload: 32 runs).
//
// Soundness: a function is reachable if some entry point reaches it
// through direct calls. Entry points are taken generously, so that the
// set is an over-approximation of what can run:
//  - every `main` (several programs may share one compile database);
//  - every function whose address is taken (a reference that is not the
//    callee of a direct call: function-pointer tables, callbacks handed to
//    libraries such as qsort or atexit, `&f`) by reachable code, or in the
//    initializer of a global that reachable code names (a table of
//    function pointers is reachable through the code that reads it: a
//    pointer to a function can only come from a reference to it). Before,
//    any reference counted, which kept Mbed TLS's whole cipher layer
//    reachable through `cipher_wrap.c`'s tables that nothing reads;
//  - globals with the `used` or `section` attribute (the linker or the
//    runtime may hand them out) and every global of a C++ unit (its
//    initializer may run code), and what their initializers name;
//  - functions with the constructor, destructor or used attributes, the
//    targets of `alias` attributes and of `cleanup` attributes;
//  - every function defined in a C++ translation unit (virtual calls,
//    implicit calls, functors called from the standard library: the
//    direct call graph does not see them), and what those call;
//  - calls outside any function body (initializers) call entry points.
// Where that is not enough, nothing is called unreachable: a program
// without `main` (a library whose callers are elsewhere) or one that looks
// functions up by name (`dlsym`, `GetProcAddress`).
// Declarations in system headers are skipped: they cannot name the
// program's functions except through the program's own macros, whose
// expansions sit in the program's code. The runtime headers
// (varsim_runtime.h, varsim_generated.h) are scanned like the program.
//
//===----------------------------------------------------------------------===//

#include "dataflow/Analysis.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include "llvm/ADT/STLExtras.h"

#include <map>
#include <set>

namespace varsim::dataflow {

using namespace clang;

namespace {

/// The direct call graph and the entry points of one translation unit,
/// added to those of the others (keys are USR-based, so a call in one unit
/// reaches the definition in another).
class CallGraphBuilder : public RecursiveASTVisitor<CallGraphBuilder> {
public:
  CallGraphBuilder(ASTContext &Ctx,
                   std::map<std::string, std::set<std::string>> &Graph,
                   std::set<std::string> &Roots)
      : SM(Ctx.getSourceManager()), CPlusPlus(Ctx.getLangOpts().CPlusPlus),
        Graph(Graph), Roots(Roots) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool HasMain = false;
  bool LooksUpByName = false;
  std::set<std::string> AliasTargets; ///< By name (the attribute's text).

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (!isa<TranslationUnitDecl>(D) && SM.isInSystemHeader(D->getLocation()))
      return true;
    if (const auto *V = dyn_cast<VarDecl>(D);
        V && !Current && !Global && V->hasGlobalStorage()) {
      // What a global's initializer names is reached when the global is.
      std::string Key = ProgramAnalysis::keyOf(V);
      Graph[Key];
      // A C++ global's initializer may run code (a registration object's
      // constructor taking a callback): it runs at start-up.
      if (CPlusPlus || V->hasAttr<UsedAttr>() || V->hasAttr<SectionAttr>())
        Roots.insert(Key);
      Global = V;
      bool Result = RecursiveASTVisitor::TraverseDecl(D);
      Global = nullptr;
      return Result;
    }
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || !F->doesThisDeclarationHaveABody())
      return RecursiveASTVisitor::TraverseDecl(D);
    const FunctionDecl *Outer = Current;
    Current = F;
    bool Result = RecursiveASTVisitor::TraverseDecl(D);
    Current = Outer;
    return Result;
  }

  bool VisitFunctionDecl(FunctionDecl *F) {
    std::string Key = ProgramAnalysis::returnKey(F);
    if (F->hasAttr<ConstructorAttr>() || F->hasAttr<DestructorAttr>() ||
        F->hasAttr<UsedAttr>())
      Roots.insert(Key);
    if (const auto *A = F->getAttr<AliasAttr>())
      AliasTargets.insert(A->getAliasee().str());
    if (F->doesThisDeclarationHaveABody()) {
      Graph[Key]; // A node even without callees.
      if (F->isMain()) {
        HasMain = true;
        Roots.insert(Key);
      }
      if (CPlusPlus)
        Roots.insert(Key);
    }
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (const auto *C = V->getAttr<CleanupAttr>())
      if (const FunctionDecl *F = C->getFunctionDecl())
        Roots.insert(ProgramAnalysis::returnKey(F));
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const auto *Ref = dyn_cast_or_null<DeclRefExpr>(
        C->getCallee() ? C->getCallee()->IgnoreParenImpCasts() : nullptr);
    const auto *F = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
    if (!F)
      return true;
    CalleeRefs.insert(Ref);
    if (const IdentifierInfo *Name = F->getIdentifier())
      if (Name->getName() == "dlsym" || Name->getName() == "dlvsym" ||
          Name->getName() == "GetProcAddress")
        LooksUpByName = true;
    std::string Key = ProgramAnalysis::returnKey(F);
    if (Current)
      Graph[ProgramAnalysis::returnKey(Current)].insert(Key);
    else
      Roots.insert(Key); // Called by an initializer: runs at start-up.
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    // Pre-order: a direct call's callee reference was seen by
    // VisitCallExpr before this visit.
    std::string Key;
    if (const auto *F = dyn_cast<FunctionDecl>(E->getDecl())) {
      if (CalleeRefs.count(E))
        return true;
      Key = ProgramAnalysis::returnKey(F); // Its address is taken.
    } else if (const auto *V = dyn_cast<VarDecl>(E->getDecl());
               V && V->hasGlobalStorage() && !V->isStaticLocal()) {
      Key = ProgramAnalysis::keyOf(V); // Its initializer's references.
    } else {
      return true;
    }
    if (Current)
      Graph[ProgramAnalysis::returnKey(Current)].insert(Key);
    else if (Global)
      Graph[ProgramAnalysis::keyOf(Global)].insert(Key);
    else
      Roots.insert(Key); // Outside any function or global: taken as run.
    return true;
  }

private:
  const SourceManager &SM;
  bool CPlusPlus;
  std::map<std::string, std::set<std::string>> &Graph;
  std::set<std::string> &Roots;
  const FunctionDecl *Current = nullptr;
  const VarDecl *Global = nullptr; ///< Whose initializer is traversed.
  std::set<const DeclRefExpr *> CalleeRefs;
};

/// The ids of the region markers in a function body.
class MarkerCollector : public RecursiveASTVisitor<MarkerCollector> {
public:
  explicit MarkerCollector(const MacroFacts &M) : M(M) {}
  std::set<unsigned> Ids;
  bool VisitCompoundStmt(CompoundStmt *C) {
    if (std::optional<unsigned> Id = M.blockRegion(C))
      Ids.insert(*Id);
    return true;
  }

private:
  const MacroFacts &M;
};

} // namespace

void ProgramAnalysis::findReachable() {
  std::map<std::string, std::set<std::string>> Graph;
  std::set<std::string> Roots;
  std::set<ASTContext *> Units;
  for (const Body &B : Bodies)
    Units.insert(B.Ctx);
  bool HasMain = false, LooksUpByName = false;
  std::set<std::string> AliasTargets;
  for (ASTContext *Ctx : Units) {
    CallGraphBuilder Builder(*Ctx, Graph, Roots);
    Builder.TraverseDecl(Ctx->getTranslationUnitDecl());
    HasMain |= Builder.HasMain;
    LooksUpByName |= Builder.LooksUpByName;
    AliasTargets.insert(Builder.AliasTargets.begin(),
                        Builder.AliasTargets.end());
  }
  if (!HasMain || LooksUpByName)
    return; // Entry points unknown: everything may run.

  std::set<std::string> Reached;
  std::vector<std::string> Work(Roots.begin(), Roots.end());
  while (!Work.empty()) {
    std::string Key = std::move(Work.back());
    Work.pop_back();
    if (!Reached.insert(Key).second)
      continue;
    if (auto It = Graph.find(Key); It != Graph.end())
      Work.insert(Work.end(), It->second.begin(), It->second.end());
  }

  // A region whose marker a reachable function also holds (a copy of an
  // unreachable original, rewrite/FeatureVersions.cpp) is reachable.
  std::set<unsigned> Regions, ReachedRegions;
  std::set<std::string> Names, ReachedNames;
  for (Body &B : Bodies) {
    if (!B.Function)
      continue;
    std::string Name = B.Function->getNameAsString();
    MarkerCollector Markers(*B.Macros);
    Markers.TraverseStmt(B.Function->getBody());
    if (Reached.count(returnKey(B.Function)) || AliasTargets.count(Name) ||
        B.Ctx->getLangOpts().CPlusPlus) {
      ReachedNames.insert(Name);
      ReachedRegions.insert(Markers.Ids.begin(), Markers.Ids.end());
      continue;
    }
    // No run executes it: it writes nothing and decides nothing, so its
    // walks would only spread taint that no run can produce (ProgramAnalysis
    // skips it).
    B.Unreachable = true;
    Regions.insert(Markers.Ids.begin(), Markers.Ids.end());
    Names.insert(Name);
  }
  UnreachableRegions.clear();
  for (unsigned Id : Regions)
    if (!ReachedRegions.count(Id))
      UnreachableRegions.push_back(Id);
  // A name also used by a reachable function (static functions of other
  // files) does not say which one: left out.
  UnreachableFunctions.clear();
  for (const std::string &Name : Names)
    if (!ReachedNames.count(Name))
      UnreachableFunctions.push_back(Name);
}

void ProgramAnalysis::findUnreachable(DataFlowFacts &Facts) const {
  Facts.UnreachableRegions = UnreachableRegions;
  Facts.UnreachableFunctions = UnreachableFunctions;
}

} // namespace varsim::dataflow
