//===- rewrite/safety/AllocationFlows.cpp - Where allocation sizes go -----===//

#include "rewrite/safety/AllocationFlows.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

#include <set>

namespace varsim::rewrite::safety {

using namespace clang;

bool libraryAllocation(const FunctionDecl *FD) {
  OverloadedOperatorKind Op = FD->getOverloadedOperator();
  if (Op == OO_New || Op == OO_Array_New)
    return true;
  if (!FD->getIdentifier())
    return false;
  llvm::StringRef Name = FD->getName();
  Name.consume_front("__builtin_");
  return llvm::StringSwitch<bool>(Name)
      .Cases("malloc", "calloc", "realloc", "reallocarray", "aligned_alloc",
             true)
      .Cases("memalign", "posix_memalign", "alloca", true)
      .Cases("memset", "memcpy", "memmove", "qsort", "bsearch", true)
      .Default(false);
}

const NamedDecl *namedCallee(const CallExpr *CE) {
  const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Callee);
      U && U->getOpcode() == UO_Deref)
    Callee = U->getSubExpr()->IgnoreParenImpCasts();
  const NamedDecl *D = nullptr;
  if (const auto *R = dyn_cast<DeclRefExpr>(Callee))
    D = R->getDecl();
  else if (const auto *M = dyn_cast<MemberExpr>(Callee))
    D = M->getMemberDecl();
  return D && D->getIdentifier() ? D : nullptr;
}

namespace {

std::string functionKey(const FunctionDecl *FD, unsigned Arg) {
  return "fn:" + FD->getQualifiedNameAsString() + "#" + std::to_string(Arg);
}

std::string typeKey(QualType FunctionType, unsigned Arg) {
  return "type:" + FunctionType.getCanonicalType().getAsString() + "#" +
         std::to_string(Arg);
}

/// Follows one parameter through a body. A context says what the value
/// of the expression being walked becomes: nothing known (an escape if the
/// parameter is there), an allocation's size (fine), or a sink's argument.
class ParamWalker {
public:
  ParamWalker(const ParmVarDecl *P, const FunctionDecl *FD, ASTContext &Ctx,
              ProjectFiles &Files, std::vector<std::string> &Out)
      : P(P), FD(FD), Ctx(Ctx), Files(Files), Out(Out) {}

  struct Context {
    enum Kind { Unknown, Allocation, Sink } K = Unknown;
    std::string Key = {};
  };

  void walk(const Stmt *S, const Context &C, const Stmt *Top) {
    if (!S || Escaped)
      return;
    if (!isa<Expr>(S)) {
      for (const Stmt *Child : S->children())
        walk(Child, {}, Child);
      return;
    }
    if (isa<UnaryExprOrTypeTraitExpr>(S))
      return; // Unevaluated.
    if (const auto *R = dyn_cast<DeclRefExpr>(S)) {
      if (R->getDecl() != P)
        return;
      if (C.K == Context::Unknown)
        escape(Top ? Top : S, "");
      else if (C.K == Context::Sink)
        Edges.insert("to:" + C.Key);
      return;
    }
    if (isa<ParenExpr>(S) || isa<CastExpr>(S)) {
      for (const Stmt *Child : S->children())
        walk(Child, C, Top);
      return;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(S)) {
      switch (B->getOpcode()) {
      case BO_Add:
      case BO_Sub:
      case BO_Mul:
      case BO_Div:
      case BO_Rem:
      case BO_Shl:
      case BO_Shr:
      case BO_And:
      case BO_Or:
        walk(B->getLHS(), C, Top);
        walk(B->getRHS(), C, Top);
        return;
      default:
        break;
      }
    }
    if (const auto *Cond = dyn_cast<ConditionalOperator>(S)) {
      walk(Cond->getCond(), {}, Top);
      walk(Cond->getTrueExpr(), C, Top);
      walk(Cond->getFalseExpr(), C, Top);
      return;
    }
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      walk(CE->getCallee(), {}, Top);
      const FunctionDecl *Callee = CE->getDirectCallee();
      for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
        Context Arg;
        if (Callee && libraryAllocation(Callee)) {
          Arg.K = Context::Allocation;
        } else if (Callee && !Files.place(Callee->getLocation()).File) {
          // A library function that is not an allocation (printf): the
          // size is observed. Leave Arg unknown, name the callee.
          if (mentions(CE->getArg(I))) {
            escape(CE, "passed to '" + Callee->getNameAsString() + "'");
            return;
          }
          continue;
        } else if (std::string Key = sizeSinkKey(CE, I, Ctx); !Key.empty()) {
          Arg = {Context::Sink, Key};
        }
        walk(CE->getArg(I), Arg, Top);
      }
      return;
    }
    for (const Stmt *Child : S->children())
      walk(Child, {}, Top);
  }

  void finish() {
    if (!Escaped)
      Out.insert(Out.end(), Edges.begin(), Edges.end());
  }

private:
  bool mentions(const Stmt *S) const {
    if (!S || isa<UnaryExprOrTypeTraitExpr>(S))
      return false;
    if (const auto *R = dyn_cast<DeclRefExpr>(S))
      return R->getDecl() == P;
    for (const Stmt *Child : S->children())
      if (mentions(Child))
        return true;
    return false;
  }

  void escape(const Stmt *Where_, const std::string &How) {
    Escaped = true;
    const SourceManager &SM = Ctx.getSourceManager();
    CharSourceRange Range = CharSourceRange::getTokenRange(
        SM.getExpansionRange(Where_->getSourceRange()).getAsRange());
    std::string Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts()).str();
    std::string Flat;
    for (char Ch : Text)
      if (!(Ch == ' ' && !Flat.empty() && Flat.back() == ' '))
        Flat += (Ch == '\n' || Ch == '\t') ? ' ' : Ch;
    if (Flat.size() > 60)
      Flat = Flat.substr(0, 57) + "...";
    SourcePoint Where;
    ProjectFiles::Place Pl = Files.place(Where_->getBeginLoc());
    if (Pl.File)
      Where = Files.point(Pl);
    Out.push_back("escape:" + Where.File + "\x1f" + std::to_string(Where.Line) +
                  "\x1f" + std::to_string(Where.Column) + "\x1f" +
                  FD->getNameAsString() + "\x1f" + P->getNameAsString() +
                  "\x1f'" + Flat + "'" + (How.empty() ? "" : " (" + How + ")"));
  }

  const ParmVarDecl *P;
  const FunctionDecl *FD;
  ASTContext &Ctx;
  ProjectFiles &Files;
  std::vector<std::string> &Out;
  std::set<std::string> Edges;
  bool Escaped = false;
};

} // namespace

std::string sizeSinkKey(const CallExpr *CE, unsigned Arg, ASTContext &Ctx) {
  (void)Ctx;
  if (isa<CXXOperatorCallExpr>(CE))
    return ""; // Argument 0 may be the object: indices do not match.
  if (const FunctionDecl *FD = CE->getDirectCallee())
    return functionKey(FD, Arg);
  QualType T = CE->getCallee()->getType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  if (!T->isFunctionType())
    return "";
  return typeKey(T, Arg);
}

void collectSizeFlows(const FunctionDecl *FD, ASTContext &Ctx,
                      ProjectFiles &Files, AllocatorParamFlows &Out) {
  if (!FD->doesThisDeclarationHaveABody() || !FD->getBody() ||
      FD->isDependentContext() || isa<CXXMethodDecl>(FD))
    return;
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    if (!P->getType()->isIntegerType())
      continue;
    std::vector<std::string> Flows;
    ParamWalker W(P, FD, Ctx, Files, Flows);
    W.walk(FD->getBody(), {}, nullptr);
    W.finish();
    if (Flows.empty())
      continue;
    for (std::string Key : {functionKey(FD, I), typeKey(FD->getType(), I)}) {
      std::vector<std::string> &Into = Out[Key];
      Into.insert(Into.end(), Flows.begin(), Flows.end());
    }
  }
}

SizeFlowIndex::SizeFlowIndex(const std::vector<SafetyFacts> &Parses) {
  for (const SafetyFacts &P : Parses)
    for (const auto &[Key, List] : P.SizeFlows) {
      std::vector<std::string> &Into = Flows[Key];
      for (const std::string &F : List)
        if (std::find(Into.begin(), Into.end(), F) == Into.end())
          Into.push_back(F);
    }
}

std::optional<SizeEscape>
SizeFlowIndex::escape(const std::vector<std::string> &Sinks) const {
  std::vector<std::string> Work(Sinks.begin(), Sinks.end());
  std::set<std::string> Seen(Work.begin(), Work.end());
  while (!Work.empty()) {
    std::string Key = Work.back();
    Work.pop_back();
    auto It = Flows.find(Key);
    if (It == Flows.end())
      continue;
    for (const std::string &F : It->second) {
      llvm::StringRef Flow(F);
      if (Flow.consume_front("escape:")) {
        llvm::SmallVector<llvm::StringRef, 6> Parts;
        Flow.split(Parts, '\x1f');
        if (Parts.size() != 6)
          continue;
        SizeEscape E;
        E.Where.File = Parts[0].str();
        Parts[1].getAsInteger(10, E.Where.Line);
        Parts[2].getAsInteger(10, E.Where.Column);
        E.Allocator = Parts[3].str();
        E.Parameter = Parts[4].str();
        E.Use = Parts[5].str();
        return E;
      }
      if (Flow.consume_front("to:") && Seen.insert(Flow.str()).second)
        Work.push_back(Flow.str());
    }
  }
  return std::nullopt;
}

} // namespace varsim::rewrite::safety
