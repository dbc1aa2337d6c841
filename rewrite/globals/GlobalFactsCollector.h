//===- rewrite/globals/GlobalFactsCollector.h - The globals parse's AST walk
//-*- C++ -*-===//
//
// Internal to the file-scope facts recorder (GlobalFacts.cpp): the state its
// preprocessor callbacks and AST walk share, and the walk itself, whose
// methods lie in two files by concept: what a file-scope declaration
// defines or declares (GlobalFactsDeclarations.cpp) and where an entity is
// referred to (GlobalFactsUses.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_GLOBALS_GLOBALFACTSCOLLECTOR_H
#define VARSIM_REWRITE_GLOBALS_GLOBALFACTSCOLLECTOR_H

#include "rewrite/ProjectPaths.h"
#include "rewrite/globals/GlobalFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace varsim::rewrite::globals::collect {

using namespace clang;

/// What the callbacks and the walk of one parse share.
struct State {
  const ProjectLayout &Project;
  const std::set<std::string> &Watched;
  GlobalFacts &Out;
  SourceManager *SM = nullptr;
  ProjectPaths Paths{Project};

  /// The absolute path of a project file, nullptr outside the project.
  const std::string *pathOf(FileID FID) { return Paths.of(*SM, FID); }

  /// Where a name token is written: its own file location, or the spelling
  /// of a macro argument written in a project file. Else the expansion
  /// (Via: spelled in a macro's body).
  std::pair<SourceLocation, bool> writtenAt(SourceLocation L) const {
    if (L.isFileID())
      return {L, false};
    if (SM->isMacroArgExpansion(L)) {
      SourceLocation Sp = SM->getSpellingLoc(L);
      if (Sp.isFileID() &&
          SM->getFileID(Sp) == SM->getFileID(SM->getExpansionLoc(L)))
        return {Sp, false};
    }
    return {SM->getExpansionLoc(L), true};
  }
};

/// A place as a key of the facts' maps.
inline std::string keyOf(const std::string &File, unsigned Offset) {
  return File + "|" + std::to_string(Offset);
}

/// The walk over a unit's file-scope declarations of project files: what
/// each defines, and the references made inside it (its Context).
class Collector : public RecursiveASTVisitor<Collector> {
  using Base = RecursiveASTVisitor<Collector>;

public:
  Collector(State &S, ASTContext &Ctx)
      : S(S), Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool TraverseDecl(Decl *D);

  bool VisitDeclRefExpr(DeclRefExpr *E);

  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    addRef(TL.getTypedefNameDecl(), TL.getNameLoc());
    return true;
  }

  bool VisitEnumTypeLoc(EnumTypeLoc TL) {
    addRef(TL.getDecl(), TL.getNameLoc());
    return true;
  }

  bool VisitRecordTypeLoc(RecordTypeLoc TL) {
    addRef(TL.getDecl(), TL.getNameLoc());
    return true;
  }

  // A member array converted to a pointer does not show its extent; any
  // other use (sizeof, &, a reference, a range-for) does.
  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    if (E->getCastKind() == CK_ArrayToPointerDecay)
      if (auto *M = dyn_cast<MemberExpr>(E->getSubExpr()->IgnoreParens()))
        Decayed.insert(M);
    return true;
  }

  bool VisitMemberExpr(MemberExpr *E);

  // The declarations local to a function, with the block that bounds
  // their scope (GlobalFactsUses.cpp): CopyText's zero-initialized local
  // must not shadow one.
  bool TraverseCompoundStmt(CompoundStmt *CS, DataRecursionQueue * = nullptr) {
    Blocks.push_back(CS);
    bool R = Base::TraverseCompoundStmt(CS, nullptr);
    Blocks.pop_back();
    return R;
  }
  bool VisitNamedDecl(NamedDecl *D);

private:
  // The references (GlobalFactsUses.cpp).
  /// The key of an entity: kind|qualified name|file of its definition.
  std::string entityKey(const NamedDecl *D, llvm::StringRef Kind);

  /// An explicit or partial specialization is an entity of its own, not
  /// its template's definition per feature (RapidJSON's
  /// `TypeHelper<V, std::basic_string<Ch>>` under RAPIDJSON_HAS_STDSTRING
  /// next to `TypeHelper<V, bool>`): its arguments as written.
  static std::string specializationArgs(const NamedDecl *D);

  static llvm::StringRef kindOf(const Decl *D);

  void addRef(const NamedDecl *Target, SourceLocation NameLoc,
              std::string Member = "");

  // The definitions and declarations (GlobalFactsDeclarations.cpp).
  unsigned offsetOf(SourceLocation L) {
    return SM.getFileOffset(SM.getExpansionLoc(L));
  }

  /// True when a declaration's first token comes from a macro whose whole
  /// invocation lies before the declared name, in the same file: a
  /// storage-class or linkage macro (`#define local static`, `LUAI_FUNC`,
  /// `ZEXTERN`, `API_EXPORT`). The declaration's text, copied from the
  /// invocation on, then means the same in every copy: the macro is seen
  /// through, not refused.
  bool leadingSpecifierMacro(SourceLocation Begin, SourceLocation Name);

  /// Offset just past the ';' that ends a declaration whose last token
  /// starts at End; 0 if the next token is not a ';'.
  unsigned pastSemicolon(SourceLocation End);

  /// The context a file-scope declaration opens: "E:"/"F:" + key, or "" with
  /// Why set to what it is.
  std::string classify(Decl *D, std::string &Why);

  void redecl(const VarDecl *VD);

  /// Whether a declaration starting at Begin is the first declarator of
  /// its declaration (`extern int a, b;`: b's text is not its own).
  bool firstDeclarator(const std::string &File, SourceLocation Begin) {
    return DeclStarts.insert({File, offsetOf(Begin)}).second;
  }

  /// Records a function prototype; returns its key ("" outside the
  /// project).
  std::string prototype(const FunctionDecl *FD);

  std::string entity(Decl *D, llvm::StringRef Kind);

  /// The array bounds of RD's own fields (not of nested records' fields).
  void memberBounds(const RecordDecl *RD, std::vector<MemberBound> &Out);

  /// The record bodies and in-class function bodies within D.
  void opaqueRanges(Decl *D, std::vector<std::pair<unsigned, unsigned>> &Out);

  std::string function(FunctionDecl *FD);

  State &S;
  ASTContext &Ctx;
  SourceManager &SM;
  std::string Context, Where, ProtoKey;
  std::set<unsigned> PrevEnd;
  std::set<std::pair<std::string, unsigned>> DeclStarts;
  llvm::DenseSet<const MemberExpr *> Decayed;
  std::vector<const CompoundStmt *> Blocks; ///< Enclosing the current node.
};

} // namespace varsim::rewrite::globals::collect

#endif // VARSIM_REWRITE_GLOBALS_GLOBALFACTSCOLLECTOR_H
