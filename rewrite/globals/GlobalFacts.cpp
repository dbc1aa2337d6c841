//===- rewrite/globals/GlobalFacts.cpp - File-scope entities and uses -----===//

#include "rewrite/globals/GlobalFacts.h"
#include "rewrite/ProjectPaths.h"
#include "rewrite/SyntaxOnlyParse.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Path.h"

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
  Expansions.merge(O.Expansions);
  Enumerators.merge(O.Enumerators);
  ExtentUses.merge(O.ExtentUses);
  Included.merge(O.Included);
}

namespace {

using namespace clang;

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

std::string keyOf(const std::string &File, unsigned Offset) {
  return File + "|" + std::to_string(Offset);
}

class MacroRecorder : public PPCallbacks {
public:
  explicit MacroRecorder(State &S) : S(S) {}

  void MacroExpands(const Token &Name, const MacroDefinition &, SourceRange,
                    const MacroArgs *) override {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    if (!II || !S.Watched.count(II->getName().str()))
      return;
    auto [At, Via] = S.writtenAt(Name.getLocation());
    const std::string *File = S.pathOf(S.SM->getFileID(At));
    if (!File)
      return;
    MacroExpansion E;
    E.Macro = II->getName().str();
    E.File = *File;
    E.Offset = S.SM->getFileOffset(At);
    E.Line = S.SM->getSpellingLineNumber(At);
    E.Column = S.SM->getSpellingColumnNumber(At);
    E.Direct = !Via;
    S.Out.Expansions.emplace(keyOf(E.File, E.Offset) + "|" + E.Macro, E);
  }

  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind, FileID) override {
    if (Reason != EnterFile || Loc.isInvalid())
      return;
    if (const std::string *File = S.pathOf(S.SM->getFileID(Loc)))
      S.Out.Included.insert(*File);
  }

private:
  State &S;
};

bool atFileScope(const Decl *D) {
  const DeclContext *DC = D->getDeclContext();
  return DC && DC->getRedeclContext()->isFileContext();
}

NamespaceChain namespacesOf(const Decl *D) {
  NamespaceChain Out;
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent())
    if (auto *NS = dyn_cast<NamespaceDecl>(C))
      Out.insert(Out.begin(), {NS->isAnonymousNamespace() ? std::string()
                                                          : NS->getName().str(),
                               NS->isInline()});
  return Out;
}

class Collector : public RecursiveASTVisitor<Collector> {
  using Base = RecursiveASTVisitor<Collector>;

public:
  Collector(State &S, ASTContext &Ctx)
      : S(S), Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool TraverseDecl(Decl *D) {
    if (!D || isa<TranslationUnitDecl>(D) || isa<NamespaceDecl>(D) ||
        isa<LinkageSpecDecl>(D))
      return Base::TraverseDecl(D);
    SourceLocation L = SM.getExpansionLoc(D->getLocation());
    if (L.isInvalid() || !S.pathOf(SM.getFileID(L)))
      return true; // System and other non-project headers.
    // Lexically at file scope: out-of-line member definitions too.
    const DeclContext *LDC = D->getLexicalDeclContext();
    if (!Context.empty() || !LDC || !LDC->getRedeclContext()->isFileContext())
      return Base::TraverseDecl(D);
    Context = classify(D, Where);
    bool R = Base::TraverseDecl(D);
    Context.clear();
    Where.clear();
    ProtoKey.clear();
    return R;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (auto *EC = dyn_cast<EnumConstantDecl>(E->getDecl()))
      if (auto *ED = dyn_cast<EnumDecl>(EC->getDeclContext()))
        addRef(ED, E->getLocation(), EC->getName().str());
    if (auto *FD = dyn_cast<FunctionDecl>(E->getDecl()))
      if (!isa<CXXMethodDecl>(FD) && atFileScope(FD))
        addRef(FD, E->getLocation());
    if (auto *VD = dyn_cast<VarDecl>(E->getDecl()))
      if (!isa<ParmVarDecl>(VD) && VD->hasGlobalStorage() &&
          !VD->isStaticLocal() && atFileScope(VD))
        addRef(VD, E->getLocation());
    return true;
  }

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

  bool VisitMemberExpr(MemberExpr *E) {
    auto *F = dyn_cast<FieldDecl>(E->getMemberDecl());
    if (!F || !F->getType()->isConstantArrayType() || Decayed.count(E))
      return true;
    const RecordDecl *RD = F->getParent();
    if (!RD || !atFileScope(RD))
      return true;
    SourceLocation FL = SM.getExpansionLoc(F->getLocation());
    const std::string *FFile = S.pathOf(SM.getFileID(FL));
    SourceLocation At = SM.getExpansionLoc(E->getMemberLoc());
    const std::string *File = S.pathOf(SM.getFileID(At));
    if (!FFile || !File)
      return true;
    ExtentUse U;
    U.Field = keyOf(*FFile, SM.getFileOffset(FL));
    U.Name = F->getNameAsString();
    U.File = *File;
    U.Offset = SM.getFileOffset(At);
    U.Line = SM.getSpellingLineNumber(At);
    U.Column = SM.getSpellingColumnNumber(At);
    S.Out.ExtentUses.emplace(keyOf(U.File, U.Offset), std::move(U));
    return true;
  }

private:
  /// The key of an entity: kind|qualified name|file of its definition.
  std::string entityKey(const NamedDecl *D, llvm::StringRef Kind) {
    const Decl *Def = D;
    if (auto *VD = dyn_cast<VarDecl>(D); VD && VD->getDefinition())
      Def = VD->getDefinition();
    if (auto *RD = dyn_cast<RecordDecl>(D); RD && RD->getDefinition())
      Def = RD->getDefinition();
    if (auto *FD = dyn_cast<FunctionDecl>(D); FD && FD->getDefinition())
      Def = FD->getDefinition();
    SourceLocation L = SM.getExpansionLoc(Def->getLocation());
    const std::string *File = S.pathOf(SM.getFileID(L));
    if (!File)
      return "";
    // An anonymous one by its place (its printed name may hold a path
    // spelled differently per unit).
    if (D->getDeclName().isEmpty())
      return Kind.str() + "|@" + std::to_string(SM.getFileOffset(L)) + "|" +
             *File;
    // A variable with external linkage is one entity in every unit (one
    // definition rule): a unit that only declares it `extern` sees no
    // definition, and must still meet the lowered item (QA Q11).
    if (isa<VarDecl>(D) && D->isExternallyVisible())
      return Kind.str() + "|" + D->getQualifiedNameAsString() + "|extern";
    // So is a C function with external linkage (C has no overloads): a
    // unit that calls it through a header's prototype meets the item
    // defined in another unit (CrossUnit.cpp).
    if (isa<FunctionDecl>(D) && D->isExternallyVisible() &&
        !Ctx.getLangOpts().CPlusPlus)
      return Kind.str() + "|" + D->getName().str() + "|extern";
    return Kind.str() + "|" + D->getQualifiedNameAsString() +
           specializationArgs(D) + "|" + *File;
  }

  /// An explicit or partial specialization is an entity of its own, not
  /// its template's definition per feature (RapidJSON's
  /// `TypeHelper<V, std::basic_string<Ch>>` under RAPIDJSON_HAS_STDSTRING
  /// next to `TypeHelper<V, bool>`): its arguments as written.
  static std::string specializationArgs(const NamedDecl *D) {
    if (const auto *PS = dyn_cast<ClassTemplatePartialSpecializationDecl>(D))
      return "|" + PS->getInjectedSpecializationType().getAsString();
    if (const auto *CS = dyn_cast<ClassTemplateSpecializationDecl>(D);
        CS && CS->isExplicitSpecialization())
      return "|" + QualType(CS->getTypeForDecl(), 0).getAsString();
    return "";
  }

  static llvm::StringRef kindOf(const Decl *D) {
    if (isa<VarDecl>(D))
      return "variable";
    if (isa<TypedefNameDecl>(D))
      return "typedef";
    if (isa<RecordDecl>(D))
      return "record";
    if (isa<FunctionDecl>(D))
      return "function";
    if (isa<EnumDecl>(D))
      return "enum";
    return "";
  }

  void addRef(const NamedDecl *Target, SourceLocation NameLoc,
              std::string Member = "") {
    if (!Target || !atFileScope(Target) || NameLoc.isInvalid())
      return;
    llvm::StringRef Kind = kindOf(Target);
    if (Kind.empty())
      return;
    std::string Key = entityKey(Target, Kind);
    if (Key.empty())
      return;
    auto [At, Via] = S.writtenAt(NameLoc);
    const std::string *File = S.pathOf(SM.getFileID(At));
    if (!File)
      return;
    EntityRef R;
    R.Target = Key;
    R.File = *File;
    R.Offset = SM.getFileOffset(At);
    R.Line = SM.getSpellingLineNumber(At);
    R.Column = SM.getSpellingColumnNumber(At);
    R.ViaMacro = Via;
    R.Member = std::move(Member);
    R.Context = Context;
    R.Where = Where;
    if (Context.empty())
      R.Proto = ProtoKey;
    if (Context.empty() && Where.empty())
      R.Where = "a declaration at file scope";
    // A reference in a function's signature is not in its body.
    if (Context.rfind("F:", 0) == 0) {
      const FunctionDef &F = S.Out.Functions.at(Context.substr(2));
      if (R.File != F.File || R.Offset < F.BodyBegin || R.Offset > F.BodyEnd) {
        R.Context = "S:" + F.Key;
        R.Where = "the signature of function '" + F.Name + "'";
      }
    }
    // The entity's own name in its definition is not a reference.
    if (R.Context == "E:" + Key && !Via && R.Member.empty()) {
      auto It = S.Out.Defs.find(keyOf(R.File, R.Offset));
      if (It != S.Out.Defs.end() && It->second.Key == Key)
        return;
    }
    // Several enumerators may be named in one macro expansion.
    std::string RefKey = keyOf(R.File, R.Offset) + "|" + Key + "|" + R.Member;
    S.Out.Refs.emplace(RefKey, std::move(R));
  }

  unsigned offsetOf(SourceLocation L) {
    return SM.getFileOffset(SM.getExpansionLoc(L));
  }

  /// True when a declaration's first token comes from a macro whose whole
  /// invocation lies before the declared name, in the same file: a
  /// storage-class or linkage macro (`#define local static`, `LUAI_FUNC`,
  /// `ZEXTERN`, `API_EXPORT`). The declaration's text, copied from the
  /// invocation on, then means the same in every copy: the macro is seen
  /// through, not refused.
  bool leadingSpecifierMacro(SourceLocation Begin, SourceLocation Name) {
    if (!Begin.isMacroID() || Name.isMacroID())
      return false;
    CharSourceRange Inv = SM.getExpansionRange(Begin);
    if (Inv.getEnd().isMacroID() ||
        SM.getFileID(Inv.getEnd()) != SM.getFileID(Name))
      return false;
    return SM.getFileOffset(Inv.getEnd()) < SM.getFileOffset(Name);
  }

  /// Offset just past the ';' that ends a declaration whose last token
  /// starts at End; 0 if the next token is not a ';'.
  unsigned pastSemicolon(SourceLocation End) {
    SourceLocation E = SM.getExpansionLoc(End);
    SourceLocation After =
        Lexer::getLocForEndOfToken(E, 0, SM, Ctx.getLangOpts());
    if (After.isInvalid())
      return 0;
    std::optional<Token> Next = Lexer::findNextToken(E, SM, Ctx.getLangOpts());
    if (!Next || !Next->is(tok::semi))
      return 0;
    return SM.getFileOffset(Next->getLocation()) + 1;
  }

  /// The context a file-scope declaration opens: "E:"/"F:" + key, or "" with
  /// Why set to what it is.
  std::string classify(Decl *D, std::string &Why) {
    if (auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (!FD->doesThisDeclarationHaveABody()) {
        Why = "the declaration of function '" + FD->getNameAsString() + "'";
        ProtoKey = prototype(FD);
        return "";
      }
      return "F:" + function(FD);
    }
    if (auto *FT = dyn_cast<FunctionTemplateDecl>(D)) {
      Why = "function template '" + FT->getNameAsString() + "'";
      return "";
    }
    if (auto *VD = dyn_cast<VarDecl>(D)) {
      if (!VD->isThisDeclarationADefinition()) {
        redecl(VD);
        Why = "a declaration of '" + VD->getNameAsString() + "'";
        return "";
      }
      return entity(VD, "variable");
    }
    if (auto *TD = dyn_cast<TypedefNameDecl>(D))
      return entity(TD, "typedef");
    if (auto *RD = dyn_cast<RecordDecl>(D)) {
      if (RD->isThisDeclarationADefinition() && RD->getIdentifier())
        return entity(RD, "record");
      Why = "a declaration of '" + RD->getNameAsString() + "'";
      return "";
    }
    if (auto *ED = dyn_cast<EnumDecl>(D)) {
      // Anonymous ones too (`enum { A, B };`, `typedef enum { ... } t;`).
      if (ED->isThisDeclarationADefinition())
        return entity(ED, "enum");
      Why = "a declaration of enumeration '" + ED->getNameAsString() + "'";
      return "";
    }
    if (isa<StaticAssertDecl>(D))
      return entity(D, "static_assert");
    if (auto *ND = dyn_cast<NamedDecl>(D))
      Why = "the declaration of '" + ND->getQualifiedNameAsString() + "'";
    else
      Why = "a declaration at file scope";
    return "";
  }

  void redecl(const VarDecl *VD) {
    std::string Key = entityKey(VD, "variable");
    SourceLocation L = SM.getExpansionLoc(VD->getLocation());
    const std::string *File = S.pathOf(SM.getFileID(L));
    if (Key.empty() || !File)
      return;
    EntityRedecl R{Key, *File, SM.getFileOffset(L), SM.getSpellingLineNumber(L),
                   SM.getSpellingColumnNumber(L)};
    if (!VD->getLocation().isMacroID() &&
        (!VD->getBeginLoc().isMacroID() ||
         leadingSpecifierMacro(VD->getBeginLoc(), VD->getLocation())) &&
        firstDeclarator(*File, VD->getBeginLoc())) {
      R.Begin = offsetOf(VD->getBeginLoc());
      R.End = pastSemicolon(VD->getEndLoc());
    }
    S.Out.Redecls.emplace(keyOf(*File, R.Offset), R);
  }

  /// Whether a declaration starting at Begin is the first declarator of
  /// its declaration (`extern int a, b;`: b's text is not its own).
  bool firstDeclarator(const std::string &File, SourceLocation Begin) {
    return DeclStarts.insert({File, offsetOf(Begin)}).second;
  }

  /// Records a function prototype; returns its key ("" outside the
  /// project).
  std::string prototype(const FunctionDecl *FD) {
    SourceLocation NL = SM.getExpansionLoc(FD->getLocation());
    const std::string *File = S.pathOf(SM.getFileID(NL));
    if (!File || isa<CXXMethodDecl>(FD) || !FD->getDeclName().isIdentifier())
      return "";
    FunctionProto P;
    P.EntityKey = entityKey(FD, "function");
    P.File = *File;
    P.Name = FD->getName().str();
    P.NameOffset = SM.getFileOffset(NL);
    P.Line = SM.getSpellingLineNumber(NL);
    P.Column = SM.getSpellingColumnNumber(NL);
    P.Namespaces = namespacesOf(FD);
    if (!FD->getLocation().isMacroID() &&
        (!FD->getBeginLoc().isMacroID() ||
         leadingSpecifierMacro(FD->getBeginLoc(), FD->getLocation())) &&
        firstDeclarator(*File, FD->getBeginLoc())) {
      P.Begin = offsetOf(FD->getBeginLoc());
      P.End = pastSemicolon(FD->getEndLoc());
    }
    std::string Key = keyOf(P.File, P.NameOffset);
    S.Out.Protos.emplace(Key, std::move(P));
    return Key;
  }

  std::string entity(Decl *D, llvm::StringRef Kind) {
    auto *ND = dyn_cast<NamedDecl>(D);
    SourceLocation NameLoc = SM.getExpansionLoc(D->getLocation());
    const std::string *File = S.pathOf(SM.getFileID(NameLoc));
    EntityDef E;
    E.Kind = Kind.str();
    E.File = *File;
    E.NameOffset = SM.getFileOffset(NameLoc);
    E.Line = SM.getSpellingLineNumber(NameLoc);
    E.Column = SM.getSpellingColumnNumber(NameLoc);
    E.Begin = offsetOf(D->getBeginLoc());
    E.End = pastSemicolon(D->getEndLoc());
    E.Namespaces = namespacesOf(D);
    if (auto *TD = dyn_cast<TagDecl>(D)) {
      SourceRange Braces = TD->getBraceRange();
      if (Braces.isValid() && Braces.getBegin().isFileID() &&
          Braces.getEnd().isFileID()) {
        E.BraceBegin = offsetOf(Braces.getBegin());
        E.BraceEnd = offsetOf(Braces.getEnd());
      }
      // An enumeration's text ends at its '}' when a declarator follows
      // (`typedef enum { ... } state_t;`): its values are edited inside.
      if (isa<EnumDecl>(D) && E.End == 0 && E.BraceEnd)
        E.End = E.BraceEnd + 1;
    }
    if (auto *RD = dyn_cast<RecordDecl>(D))
      memberBounds(RD, E.MemberBounds);
    if (ND) {
      E.Name = ND->getName().str();
      E.Key = entityKey(ND, Kind);
      E.ExternalLinkage = ND->hasExternalFormalLinkage();
    } else {
      E.Key = Kind.str() + "|" + keyOf(E.File, E.NameOffset);
    }
    if (D->getLocation().isMacroID() ||
        (D->getBeginLoc().isMacroID() &&
         !leadingSpecifierMacro(D->getBeginLoc(), D->getLocation())))
      E.Unsupported = "declared by a macro";
    else if (E.End == 0)
      E.Unsupported = "declared together with other declarations (one "
                      "declaration per statement is lowered)";
    else if (D->isTemplated())
      E.Unsupported = "a template";
    opaqueRanges(D, E.Opaque);
    if (auto *RD = dyn_cast<CXXRecordDecl>(D); RD && E.Unsupported.empty()) {
      for (const Decl *M : RD->decls())
        if (auto *MD = dyn_cast<CXXMethodDecl>(M); MD && !MD->isImplicit()) {
          E.Unsupported = "a class with member functions";
          break;
        }
    }
    if (auto *ED = dyn_cast<EnumDecl>(D)) {
      E.ScopedEnum = ED->isScoped();
      for (const EnumConstantDecl *C : ED->enumerators()) {
        SourceLocation CL = C->getLocation();
        if (CL.isMacroID()) {
          E.Unsupported = "an enumeration with an enumerator declared by a "
                          "macro";
          continue;
        }
        EnumeratorFact F{E.Key, E.File, SM.getFileOffset(CL),
                         C->getInitExpr() != nullptr, C->getName().str()};
        S.Out.Enumerators.emplace(keyOf(E.File, F.Offset), F);
      }
    }
    if (PrevEnd.count(E.Begin) && E.Kind != "record" && E.Kind != "enum")
      E.Unsupported = "one of several declarators of one declaration";
    PrevEnd.insert(E.Begin);
    std::string Key = E.Key;
    S.Out.Defs.emplace(keyOf(E.File, E.NameOffset), std::move(E));
    return "E:" + Key;
  }

  /// The array bounds of RD's own fields (not of nested records' fields).
  void memberBounds(const RecordDecl *RD, std::vector<MemberBound> &Out) {
    for (const FieldDecl *F : RD->fields()) {
      const TypeSourceInfo *TSI = F->getTypeSourceInfo();
      if (!TSI)
        continue;
      for (TypeLoc TL = TSI->getTypeLoc(); !TL.isNull();
           TL = TL.getNextTypeLoc()) {
        auto AT = TL.getAs<ArrayTypeLoc>();
        if (!AT)
          continue;
        const Expr *Size = AT.getSizeExpr();
        if (!Size)
          continue;
        SourceLocation B = SM.getExpansionLoc(Size->getBeginLoc());
        SourceLocation E = SM.getExpansionLoc(Size->getEndLoc());
        SourceLocation After =
            Lexer::getLocForEndOfToken(E, 0, SM, Ctx.getLangOpts());
        if (B.isValid() && After.isValid())
          Out.push_back({SM.getFileOffset(B), SM.getFileOffset(After),
                         offsetOf(F->getLocation()), F->getNameAsString()});
      }
    }
  }

  /// The record bodies and in-class function bodies within D.
  void opaqueRanges(Decl *D, std::vector<std::pair<unsigned, unsigned>> &Out) {
    auto Add = [&](SourceLocation B, SourceLocation E) {
      if (B.isValid() && E.isValid())
        Out.push_back({offsetOf(B), offsetOf(E) + 1});
    };
    std::vector<const Decl *> Work{D};
    while (!Work.empty()) {
      const Decl *X = Work.back();
      Work.pop_back();
      if (auto *TD = dyn_cast<TypedefNameDecl>(X)) {
        if (const TagDecl *Owned = TD->getUnderlyingType()->getAsTagDecl();
            Owned && Owned->isThisDeclarationADefinition() &&
            Owned->getBeginLoc().isValid() &&
            offsetOf(Owned->getBeginLoc()) >= offsetOf(TD->getBeginLoc()) &&
            offsetOf(Owned->getEndLoc()) <= offsetOf(TD->getEndLoc()))
          Work.push_back(Owned);
        continue;
      }
      if (auto *VD = dyn_cast<VarDecl>(X)) {
        if (const TagDecl *Owned = VD->getType()->getAsTagDecl();
            Owned && Owned->isThisDeclarationADefinition() &&
            Owned->getBeginLoc().isValid() &&
            offsetOf(Owned->getBeginLoc()) >= offsetOf(VD->getBeginLoc()) &&
            offsetOf(Owned->getEndLoc()) <= offsetOf(VD->getEndLoc()))
          Work.push_back(Owned);
        continue;
      }
      if (auto *ED = dyn_cast<EnumDecl>(X); ED && X != D) {
        // An enumeration defined in a typedef or variable is its own entity.
        if (ED->isThisDeclarationADefinition())
          Add(ED->getBraceRange().getBegin(), ED->getBraceRange().getEnd());
        continue;
      }
      auto *RD = dyn_cast<RecordDecl>(X);
      if (!RD || !RD->isThisDeclarationADefinition())
        continue;
      if (X != D) {
        Add(RD->getBraceRange().getBegin(), RD->getBraceRange().getEnd());
        continue;
      }
      // The record itself: only its member functions' bodies.
      for (const Decl *M : RD->decls()) {
        const FunctionDecl *FD = dyn_cast<FunctionDecl>(M);
        if (auto *FT = dyn_cast<FunctionTemplateDecl>(M))
          FD = FT->getTemplatedDecl();
        if (FD && FD->doesThisDeclarationHaveABody())
          if (const Stmt *Body = FD->getBody()) {
            SourceLocation B = FD->getBeginLoc();
            if (auto *C = dyn_cast<CXXConstructorDecl>(FD);
                C && C->getNumCtorInitializers() > 0)
              B = FD->getLocation();
            Add(B, Body->getEndLoc());
          }
        if (isa<RecordDecl>(M))
          Work.push_back(M);
      }
    }
  }

  std::string function(FunctionDecl *FD) {
    SourceLocation NameLoc = FD->getLocation();
    SourceLocation NL = SM.getExpansionLoc(NameLoc);
    const std::string *File = S.pathOf(SM.getFileID(NL));
    std::string Key = keyOf(*File, SM.getFileOffset(NL));
    auto [It, New] = S.Out.Functions.try_emplace(Key);
    if (!New)
      return Key;
    FunctionDef &F = It->second;
    F.Key = Key;
    F.EntityKey = entityKey(FD, "function");
    F.File = *File;
    F.Name = FD->getDeclName().isIdentifier() ? FD->getName().str()
                                              : FD->getNameAsString();
    F.NameOffset = SM.getFileOffset(NL);
    F.DeclBegin = offsetOf(FD->getBeginLoc());
    Stmt *Body = FD->getBody();
    if (!Body) {
      F.Unsupported = "a function without a parsed body";
      return Key;
    }
    F.BodyBegin = offsetOf(Body->getBeginLoc());
    F.BodyEnd = offsetOf(Body->getEndLoc());
    F.Line = SM.getSpellingLineNumber(NL);
    F.Column = SM.getSpellingColumnNumber(NL);
    F.Main = FD->isMain();
    F.ReturnsVoid = FD->getReturnType()->isVoidType();
    F.HasPrevious = FD->getPreviousDecl() != nullptr;
    F.Namespaces = namespacesOf(FD);
    if (FunctionTypeLoc FTL = FD->getFunctionTypeLoc();
        FTL && FTL.getLParenLoc().isFileID() && FTL.getRParenLoc().isFileID()) {
      F.LParen = offsetOf(FTL.getLParenLoc());
      F.RParen = offsetOf(FTL.getRParenLoc());
    }
    for (ParmVarDecl *P : FD->parameters()) {
      F.ParamNames.push_back(P->getName().str());
      if (P->getBeginLoc().isFileID() && P->getEndLoc().isFileID() &&
          !P->getName().empty()) {
        SourceLocation EndTok = Lexer::getLocForEndOfToken(
            P->getEndLoc(), 0, SM, Ctx.getLangOpts());
        F.ParamSpans[offsetOf(P->getBeginLoc())] = {offsetOf(EndTok),
                                                    P->getName().str()};
      }
      if (P->getName().empty())
        F.Unsupported = "a function with an unnamed parameter";
      if (const Expr *Def = P->getInit(); Def && P->hasDefaultArg()) {
        unsigned ArgBegin = offsetOf(Def->getBeginLoc());
        SourceLocation EndTok = SM.getExpansionLoc(Def->getEndLoc());
        unsigned ArgEnd = SM.getFileOffset(
            Lexer::getLocForEndOfToken(EndTok, 0, SM, Ctx.getLangOpts()));
        llvm::StringRef Text = SM.getBufferData(SM.getFileID(NL));
        size_t Eq = Text.rfind('=', ArgBegin);
        if (Eq != llvm::StringRef::npos && Eq >= F.NameOffset)
          F.DefaultArgs.push_back({static_cast<unsigned>(Eq), ArgEnd});
        else
          F.Unsupported = "a function whose default argument is not "
                          "written after '='";
      }
    }
    if (NameLoc.isMacroID() || Body->getBeginLoc().isMacroID() ||
        (FD->getBeginLoc().isMacroID() &&
         !leadingSpecifierMacro(FD->getBeginLoc(), NameLoc)))
      F.Unsupported = "a function defined by a macro";
    else if (isa<CXXMethodDecl>(FD))
      F.Unsupported =
          "a member function ('" + FD->getQualifiedNameAsString() + "')";
    else if (FD->isTemplated())
      F.Unsupported = "a function template ('" + F.Name + "')";
    else if (FD->isVariadic())
      F.Unsupported = "a variadic function ('" + F.Name + "')";
    else if (FD->isConstexpr() || FD->isConsteval())
      F.Unsupported = "a constexpr function ('" + F.Name + "')";
    else if (FD->getQualifier())
      F.Unsupported = "a function defined with a qualified name ('" +
                      FD->getQualifiedNameAsString() + "')";
    else if (FD->getReturnType()->getContainedDeducedType())
      F.Unsupported =
          "a function with a deduced return type ('" + F.Name + "')";
    else if (!FD->getDeclName().isIdentifier())
      F.Unsupported = "an operator or conversion function";
    else if (FD->getDeclContext()->isExternCContext() &&
             Ctx.getLangOpts().CPlusPlus)
      F.Unsupported = "a function in an extern \"C\" block ('" + F.Name + "')";
    return Key;
  }

  State &S;
  ASTContext &Ctx;
  SourceManager &SM;
  std::string Context, Where, ProtoKey;
  std::set<unsigned> PrevEnd;
  std::set<std::pair<std::string, unsigned>> DeclStarts;
  llvm::DenseSet<const MemberExpr *> Decayed;
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
  }

private:
  State &S;
};

} // namespace

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
  CI.getPreprocessor().addPPCallbacks(std::make_unique<MacroRecorder>(I->S));
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
