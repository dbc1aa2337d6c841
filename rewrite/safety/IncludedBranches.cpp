//===- rewrite/safety/IncludedBranches.cpp - Feature code #included into a
// declaration ----------------------------------------------------------===//

#include "rewrite/safety/IncludedBranches.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <set>

namespace varsim::rewrite::safety {

using namespace clang;

namespace {

class IncludedBranchVisitor
    : public RecursiveASTVisitor<IncludedBranchVisitor> {
public:
  IncludedBranchVisitor(ASTContext &Ctx, ProjectFiles &Files,
                        const FeatureRanges &Ranges, std::vector<Finding> &Out)
      : SM(Ctx.getSourceManager()), Files(Files), Ranges(Ranges), Out(Out) {}

  bool VisitEnumDecl(EnumDecl *ED) {
    if (!ED->isThisDeclarationADefinition())
      return true;
    ProjectFiles::Place Decl = Files.place(ED->getBeginLoc());
    if (!Decl.File)
      return true;
    std::string Into = "the enumeration '" + ED->getNameAsString() + "'";
    for (const EnumConstantDecl *E : ED->enumerators())
      if (check(E->getLocation(), Decl, Into,
                "the enumerator '" + E->getNameAsString() + "'"))
        break;
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (!VD->hasInit() || isa<ParmVarDecl>(VD))
      return true;
    const auto *IL = dyn_cast<InitListExpr>(VD->getInit()->IgnoreImplicit());
    if (!IL)
      return true;
    ProjectFiles::Place Decl = Files.place(VD->getBeginLoc());
    if (!Decl.File)
      return true;
    elements(IL, Decl, "the initializer of '" + VD->getNameAsString() + "'");
    return true;
  }

private:
  bool elements(const InitListExpr *IL, const ProjectFiles::Place &Decl,
                const std::string &Into) {
    if (const InitListExpr *Syntactic = IL->getSyntacticForm())
      IL = Syntactic;
    for (const Expr *E : IL->inits()) {
      if (!E)
        continue;
      if (const auto *Inner = dyn_cast<InitListExpr>(E->IgnoreImplicit())) {
        if (elements(Inner, Decl, Into))
          return true;
        continue;
      }
      if (check(E->getBeginLoc(), Decl, Into, "an element"))
        return true;
    }
    return false;
  }

  /// Reports an entity at L, under a feature branch of a file included
  /// (directly or not) into the declaration at Decl; true if reported.
  bool check(SourceLocation L, const ProjectFiles::Place &Decl,
             const std::string &Into, const std::string &What) {
    ProjectFiles::Place P = Files.place(L);
    if (!P.File || P.FID == Decl.FID)
      return false; // Branches written in the declaration are lowered.
    const std::string *Cond = Ranges.conditionAt(*P.File, P.Offset);
    if (!Cond)
      return false;
    // The #include in the declaration's file that brings the entry in.
    FileID Included = P.FID;
    SourceLocation Site = SM.getIncludeLoc(Included);
    while (Site.isValid() && SM.getFileID(SM.getFileLoc(Site)) != Decl.FID) {
      Included = SM.getFileID(SM.getFileLoc(Site));
      Site = SM.getIncludeLoc(Included);
    }
    ProjectFiles::Place At = Site.isValid() ? Files.place(Site) : P;
    if (!At.File)
      At = P;
    if (!Reported.insert(Files.key(At)).second)
      return true;
    SourcePoint Where = Files.point(At);
    Where.Column = 1;
    const ProjectLayout &Project = Files.project();
    std::string Entry = Project.relativeToRoot(*P.File) + ":" +
                        std::to_string(SM.getLineNumber(P.FID, P.Offset));
    Out.push_back(
        {Where, "this #include brings code under " + *Cond + " (" + What +
                    " at " + Entry + ") into " + Into +
                    ": varsim lowers feature branches written in an "
                    "enumeration or initializer itself, not in a file "
                    "included into it (an X-macro list), and the simulator "
                    "would hold every variant's entries in every "
                    "configuration; write the entries under the feature in "
                    "the declaration (expand the list there), or keep " +
                    *Cond + " out of the model"});
    return true;
  }

  SourceManager &SM;
  ProjectFiles &Files;
  const FeatureRanges &Ranges;
  std::vector<Finding> &Out;
  std::set<std::string> Reported;
};

} // namespace

void findIncludedBranches(ASTContext &Ctx, ProjectFiles &Files,
                          const FeatureRanges &Ranges,
                          std::vector<Finding> &Out) {
  if (!Ranges.any())
    return;
  IncludedBranchVisitor V(Ctx, Files, Ranges, Out);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
}

} // namespace varsim::rewrite::safety
