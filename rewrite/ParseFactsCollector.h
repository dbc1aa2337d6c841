//===- rewrite/ParseFactsCollector.h - A facts parse's visitor --*- C++ -*-===//
//-*-===//
//
// The visitor of a facts parse that collects the function definitions
// (with their bodies' traits, parameter lists and calls), the startup
// code and the named file-scope definitions of the project's files. Its
// parts: ParseFactsDefinitions.cpp (functions, constants, definitions),
// ParseFactsParams.cpp (parameter lists under a feature conditional and
// the calls that pass them), ParseFactsStartup.cpp (code run before main
// or at exit). Not a public header.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_PARSEFACTSCOLLECTOR_H
#define VARSIM_REWRITE_PARSEFACTSCOLLECTOR_H

#include "rewrite/ParseFactsImpl.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>
#include <string>
#include <utility>

namespace varsim::rewrite::facts {

/// Collects function definitions and named file-scope definitions in the
/// project's files.
class DefinitionCollector : public RecursiveASTVisitor<DefinitionCollector> {
public:
  DefinitionCollector(ParseState &S, ASTContext &Ctx)
      : State(S), Ctx(Ctx), R(Ctx.getSourceManager(), Ctx.getLangOpts()) {}

  bool TraverseDecl(Decl *D);

  bool VisitFunctionDecl(FunctionDecl *FD);

  bool VisitCallExpr(CallExpr *CE);
  bool VisitCXXConstructExpr(CXXConstructExpr *CE);
  bool VisitDeclRefExpr(DeclRefExpr *E);

  bool VisitCaseStmt(CaseStmt *CS);
  bool VisitFieldDecl(FieldDecl *FD);
  bool VisitArrayTypeLoc(ArrayTypeLoc TL);
  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL);
  bool VisitStaticAssertDecl(StaticAssertDecl *SA);
  /// `"1.0-" FLAVOR "+table"`: a macro defined per feature is one piece
  /// of a literal, which the simulator cannot select at run time; its
  /// function is copied per configuration instead (liftConstantUses).
  /// Only a macro whose pieces are concatenated with pieces from
  /// elsewhere counts: a literal concatenated inside one macro's expansion
  /// (its body with its arguments) is one literal per variant, selected
  /// whole (as the safety check's S3 judges).
  bool VisitStringLiteral(StringLiteral *SL);
  bool VisitEnumConstantDecl(EnumConstantDecl *EC);

  bool VisitVarDecl(VarDecl *VD);
  bool VisitTagDecl(TagDecl *TD);
  bool VisitTypedefNameDecl(TypedefNameDecl *TD);

private:
  //===--- Parameters under a feature conditional -------------------------===//

  struct Parens {
    const std::string *Path = nullptr;
    FileID FID;
    unsigned Begin = 0, End = 0; ///< '(' and just past ')'.
  };

  /// The project path of FID if it is its file's first inclusion.
  const std::string *firstPath(FileID FID);

  /// The parentheses of FD's parameter list, if written in a project file.
  std::optional<Parens> paramParens(const FunctionDecl *FD);

  /// Whether some declaration of FD has a feature directive inside its
  /// parameter list (its parameters differ per configuration).
  bool conditionalParams(const FunctionDecl *FD);

  std::string paramKey(const FunctionDecl *FD);

  /// A value of type T for a call made where its parameter does not exist.
  std::string placeholderFor(QualType T, std::string &Why);

  void recordParamList(FunctionDecl *FD);

  void recordCall(const Expr *E, const FunctionDecl *FD,
                  llvm::ArrayRef<const Expr *> Args, SourceLocation RParen,
                  const char *Refusal = nullptr);

  llvm::DenseMap<const FunctionDecl *, bool> CondParams;
  llvm::DenseSet<const Expr *> CalleeRefs;

  /// The macros expanded inside E, a constant expression.
  void constantUses(const Expr *E, const char *Context);

  /// Whether every member function of RD (and of its nested classes) is
  /// defined in FID (deleted, defaulted and pure ones need no body).
  bool membersDefinedIn(const CXXRecordDecl *RD, FileID FID);

  /// The text range of FD's return type, leading qualifiers included.
  void recordReturnType(const FunctionDecl *FD, FileID FID, FunctionFact &F);

  /// Where the class declares the member FD defines out of line.
  void classDeclaration(const FunctionDecl *FD, FunctionFact &F);

  /// The file and expansion range of D, if in a project file.
  std::optional<std::pair<const std::string *, std::pair<unsigned, unsigned>>>
  startupPlace(const Decl *D);

  /// Functions run before main or at exit, and destructors: the ones the
  /// rewriter can guard (rewrite/safety/StartupLowering.h).
  void recordStartupFunction(FunctionDecl *FD);

  /// C++ static objects whose initialization or destruction runs code and
  /// that the rewriter can construct under their feature.
  void recordStartupObject(VarDecl *VD);

  void addInitializers(CXXConstructorDecl *CD, FileID FID,
                       const std::string &Path);

  void addField(FieldDecl *FD);

  void add(DefinitionFact::Kind K, NamedDecl *D);

  ParseState &State;
  ASTContext &Ctx;
  Ranges R;
};

} // namespace varsim::rewrite::facts

#endif // VARSIM_REWRITE_PARSEFACTSCOLLECTOR_H
