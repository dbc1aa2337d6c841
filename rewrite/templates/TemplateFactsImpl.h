//===- rewrite/templates/TemplateFactsImpl.h - The facts walk --*- C++ -*-===//
//
// Internal to the template facts parse (TemplateFacts.h): the state of one
// parse and the AST walk over it. TemplateFacts.cpp holds the walk's
// references and the parse itself; TemplateFactsDeclarations.cpp says what
// a declaration is to the lowering (a candidate site's NameDef, a
// function's FunctionSite).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_TEMPLATEFACTSIMPL_H
#define VARSIM_REWRITE_TEMPLATES_TEMPLATEFACTSIMPL_H

#include "rewrite/ProjectPaths.h"
#include "rewrite/templates/FlagFacts.h"
#include "rewrite/templates/TemplateFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTTypeTraits.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"

#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite::templates::facts {

using namespace clang;

/// A use of a candidate macro, seen by the preprocessor.
struct MacroUse {
  std::string Key, File;
  unsigned Offset = 0, Line = 0, Column = 0;
};

struct State {
  const ProjectLayout &Project;
  const std::map<std::string, std::vector<CandidateBranch>> &Candidates;
  const std::map<std::string, std::vector<MacroCandidate>> &Macros;
  TemplateFacts &Out;
  SourceManager *SM = nullptr;
  std::vector<MacroUse> MacroUses{};
  ProjectPaths Paths{Project};

  /// The absolute path of a project file, nullptr outside the project.
  const std::string *pathOf(FileID FID) { return Paths.of(*SM, FID); }
};

inline std::string keyOf(const std::string &File, unsigned Offset) {
  return File + "|" + std::to_string(Offset);
}

class Collector : public RecursiveASTVisitor<Collector> {
  using Base = RecursiveASTVisitor<Collector>;

public:
  Collector(State &S, ASTContext &Ctx)
      : S(S), Ctx(Ctx), SM(Ctx.getSourceManager()),
        Policy(Ctx.getPrintingPolicy()),
        Flags(
            Ctx, [&S](FileID FID) { return S.pathOf(FID); },
            [this](const NamedDecl *D) { return candidate(D); }, S.Out) {
    Policy.SuppressUnwrittenScope = true;
  }

  bool VisitClassTemplateDecl(ClassTemplateDecl *CTD) {
    Flags.visitClassTemplate(CTD);
    return true;
  }
  bool
  VisitClassTemplateSpecializationDecl(ClassTemplateSpecializationDecl *D) {
    Flags.visitExplicitSpecialization(D);
    return true;
  }
  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
    Flags.visitSpecialization(TL);
    return true;
  }

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool TraverseDecl(Decl *D);
  bool VisitElaboratedTypeLoc(ElaboratedTypeLoc EL);
  bool VisitTypeLoc(TypeLoc TL);

  /// The uses of candidate macros, placed in their functions.
  void placeMacroUses();

  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    addRef(TL.getTypedefNameDecl(), TL.getNameLoc(), {});
    return true;
  }
  bool VisitRecordTypeLoc(RecordTypeLoc TL) {
    addRef(TL.getDecl(), TL.getNameLoc(), {});
    return true;
  }
  bool VisitInjectedClassNameTypeLoc(InjectedClassNameTypeLoc TL) {
    addRef(TL.getDecl(), TL.getNameLoc(), {});
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E);

private:
  // References (TemplateFacts.cpp).
  /// Sets NameRef::RuntimeUse of the reference E (already added) when its
  /// value is only needed at run time (see TemplateFacts.h).
  void markRuntimeUse(const DeclRefExpr *E);
  /// P (a ConstantExpr) is the condition of an `if constexpr`.
  bool isConstexprIfCondition(const DynTypedNode &P);
  void addRef(const NamedDecl *Target, SourceLocation NameLoc,
              NestedNameSpecifierLoc Qual, bool Constructor = false);
  std::string describeContext() const;

  // Declarations (TemplateFactsDeclarations.cpp).
  bool qualifierNamesCandidate(const NestedNameSpecifier *N);
  const CandidateBranch *branchAt(const std::string &File, unsigned Offset);
  /// The NameDef of D if D is declared at namespace scope in a candidate
  /// branch (recorded on first sight), else nullptr.
  const NameDef *candidate(const NamedDecl *D);
  const NameDef *classify(const NamedDecl *D);
  /// The key a FunctionSite of FD has ("" outside the project).
  std::string functionKey(const FunctionDecl *FD);
  /// The site of a function definition (created on first use); nullptr if
  /// its body is not in a project file.
  FunctionSite *site(FunctionDecl *FD);

  State &S;
  ASTContext &Ctx;
  SourceManager &SM;
  PrintingPolicy Policy;
  std::vector<Decl *> Stack;
  FunctionDecl *Outer = nullptr;
  std::vector<FunctionDecl *> OuterFunctions;
  std::set<unsigned> TypeStarts; ///< Offsets of macro uses naming a type.
  llvm::DenseMap<const Decl *, const NameDef *> Seen;
  FlagFactsCollector Flags;
};

} // namespace varsim::rewrite::templates::facts

#endif // VARSIM_REWRITE_TEMPLATES_TEMPLATEFACTSIMPL_H
