//===- rewrite/safety/LayoutUses.cpp - Layout uses besides sizeof ---------===//

#include "rewrite/safety/LayoutUses.h"

#include "rewrite/safety/ProjectFiles.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/IdentifierTable.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>
#include <set>
#include <tuple>

namespace varsim::rewrite::safety {

using namespace clang;

namespace {

/// A member of a record that only some variants have.
struct VaryingMember {
  std::string Name; ///< "'retries'".
  std::string File;
  unsigned Offset = 0;
  std::string Condition;
};

/// Why a record's whole layout depends on the configuration.
struct LayoutReason {
  std::string Record; ///< The record holding the member.
  VaryingMember Member;
  std::string Via; ///< ", held by value in 'struct outer'" or "".
};

/// The members of records that depend on the configuration, as one parse
/// can tell: the fields it sees under a feature branch, and the data
/// members declared in the branches it skips (read from the source text).
class RecordMembers {
public:
  RecordMembers(ASTContext &Ctx, ProjectFiles &Files,
                const FeatureRanges &Ranges)
      : Ctx(Ctx), Files(Files), Ranges(Ranges) {}

  /// The conditional members declared directly in RD, in source order.
  const std::vector<VaryingMember> &of(const RecordDecl *RD) {
    if (const RecordDecl *Def = RD->getDefinition())
      RD = Def;
    auto [It, New] = Direct.try_emplace(RD);
    if (!New)
      return It->second;
    std::vector<VaryingMember> Found;
    ProjectFiles::Place Begin = Files.place(RD->getBeginLoc());
    if (Begin.File && Ranges.hasRanges(*Begin.File)) {
      for (const FieldDecl *F : RD->fields()) {
        ProjectFiles::Place FP = Files.place(F->getLocation());
        if (const std::string *Cond = within(FP, Begin))
          Found.push_back(
              {"'" + fieldName(F) + "'", *FP.File, FP.Offset, *Cond});
      }
      skipped(RD, Begin, Found);
      llvm::sort(Found, [](const VaryingMember &A, const VaryingMember &B) {
        return std::tie(A.File, A.Offset) < std::tie(B.File, B.Offset);
      });
    }
    return Direct[RD] = std::move(Found);
  }

  /// Why RD's layout depends on the configuration (its own members or
  /// what it holds by value), if it does.
  const std::optional<LayoutReason> &whole(const RecordDecl *RD) {
    if (const RecordDecl *Def = RD->getDefinition())
      RD = Def;
    if (auto It = Whole.find(RD); It != Whole.end())
      return It->second;
    Whole[RD] = std::nullopt; // A cycle (impossible by value) ends here.
    std::optional<LayoutReason> Why;
    if (const std::vector<VaryingMember> &Own = of(RD); !Own.empty())
      Why = LayoutReason{name(RD), Own.front(), ""};
    auto Held = [&](QualType T) {
      if (Why)
        return;
      if (const RecordDecl *Inner = recordOf(T))
        if (const std::optional<LayoutReason> &W = whole(Inner)) {
          Why = *W;
          Why->Via += ", held by value in '" + name(RD) + "'";
        }
    };
    if (const auto *C = dyn_cast<CXXRecordDecl>(RD))
      for (const CXXBaseSpecifier &B : C->bases())
        Held(B.getType());
    for (const FieldDecl *F : RD->fields())
      Held(F->getType());
    return Whole[RD] = std::move(Why);
  }

  /// The record a value of type T is, arrays stripped (nullptr if none).
  const RecordDecl *recordOf(QualType T) const {
    T = T.getCanonicalType();
    while (const ArrayType *A = Ctx.getAsArrayType(T))
      T = A->getElementType().getCanonicalType();
    if (T->isDependentType())
      return nullptr;
    const auto *RT = T->getAs<RecordType>();
    return RT ? RT->getDecl()->getDefinition() : nullptr;
  }

  std::string name(const RecordDecl *RD) const {
    return Ctx.getRecordType(RD).getAsString(Ctx.getPrintingPolicy());
  }

  static std::string fieldName(const FieldDecl *F) {
    return F->getName().empty() ? "(anonymous)" : F->getNameAsString();
  }

private:
  /// A member's presence condition relative to its record: a record wholly
  /// under a feature has the same members in every variant that has it.
  const std::string *within(const ProjectFiles::Place &Member,
                            const ProjectFiles::Place &Record) const {
    if (!Member.File)
      return nullptr;
    if (Record.File == Member.File && Record.Offset <= Member.Offset)
      return Ranges.conditionInside(*Member.File, Member.Offset, Record.Offset);
    return Ranges.conditionAt(*Member.File, Member.Offset);
  }

  tok::TokenKind kindOf(const Token &T) const {
    if (T.is(tok::raw_identifier))
      return Ctx.Idents.get(T.getRawIdentifier()).getTokenID();
    return T.getKind();
  }

  /// Adds the data members declared in the feature branches of RD's body
  /// that this parse skipped: conditional text that no declaration of the
  /// parse covers, lexed raw and split into declarations.
  void skipped(const RecordDecl *RD, const ProjectFiles::Place &Begin,
               std::vector<VaryingMember> &Found) {
    SourceManager &SM = Files.SM;
    SourceRange Braces = RD->getBraceRange();
    if (Braces.isInvalid() || Braces.getBegin().isMacroID() ||
        Braces.getEnd().isMacroID())
      return;
    FileID FID = SM.getFileID(Braces.getBegin());
    if (FID != SM.getFileID(Braces.getEnd()))
      return;
    ProjectFiles::Place Body = Files.place(Braces.getBegin());
    if (!Body.File || !Ranges.hasRanges(*Body.File))
      return;
    unsigned Open = SM.getFileOffset(Braces.getBegin());
    unsigned Close = SM.getFileOffset(Braces.getEnd());
    std::vector<std::pair<unsigned, unsigned>> Seen;
    for (const Decl *D : RD->decls()) {
      if (D->isImplicit())
        continue;
      SourceRange DR = D->getSourceRange();
      if (DR.isInvalid())
        continue;
      SourceLocation B = SM.getExpansionLoc(DR.getBegin());
      SourceLocation E = SM.getExpansionLoc(DR.getEnd());
      if (SM.getFileID(B) == FID && SM.getFileID(E) == FID)
        Seen.emplace_back(SM.getFileOffset(B), SM.getFileOffset(E));
    }
    auto Covered = [&](unsigned Off) {
      return llvm::any_of(Seen, [&](const auto &R) {
        return R.first <= Off && Off <= R.second;
      });
    };
    auto Condition = [&](unsigned Off) {
      ProjectFiles::Place P = Body;
      P.Offset = Off;
      return within(P, Begin);
    };
    bool Invalid = false;
    llvm::StringRef Buf = SM.getBufferData(FID, &Invalid);
    if (Invalid || Close > Buf.size())
      return;
    Lexer Lex(SM.getLocForStartOfFile(FID), Ctx.getLangOpts(), Buf.begin(),
              Buf.begin() + Open + 1, Buf.end());
    std::vector<std::pair<Token, unsigned>> Pending; // Token, offset.
    int Depth = 0;
    bool Directive = false;
    Token Tok;
    while (true) {
      Lex.LexFromRawLexer(Tok);
      if (Tok.is(tok::eof))
        break;
      unsigned Off = SM.getFileOffset(Tok.getLocation());
      if (Off >= Close)
        break;
      if (Tok.isAtStartOfLine())
        Directive = Tok.is(tok::hash);
      if (Directive)
        continue;
      if (!Condition(Off) || Covered(Off)) {
        Pending.clear();
        Depth = 0;
        continue;
      }
      Pending.emplace_back(Tok, Off);
      if (Tok.isOneOf(tok::l_brace, tok::l_paren, tok::l_square)) {
        ++Depth;
      } else if (Tok.isOneOf(tok::r_brace, tok::r_paren, tok::r_square)) {
        Depth = std::max(0, Depth - 1);
        // A member function's body ends its declaration.
        if (Depth == 0 && Tok.is(tok::r_brace) && isFunction(Pending))
          Pending.clear();
      } else if (Tok.is(tok::semi) && Depth == 0) {
        if (std::optional<std::pair<std::string, unsigned>> M =
                dataMember(Pending))
          if (const std::string *Cond = Condition(M->second))
            Found.push_back(
                {"'" + M->first + "'", *Body.File, M->second, *Cond});
        Pending.clear();
      }
    }
  }

  /// True if the tokens declare a function: the first `(` at depth 0
  /// follows a name and does not open a declarator (`(*cb)`).
  bool isFunction(const std::vector<std::pair<Token, unsigned>> &D) const {
    int Depth = 0;
    for (size_t I = 0; I < D.size(); ++I) {
      tok::TokenKind K = kindOf(D[I].first);
      if (Depth == 0 && K == tok::equal)
        return false;
      if (K == tok::l_paren && Depth == 0) {
        if (I == 0)
          return false;
        tok::TokenKind Prev = kindOf(D[I - 1].first);
        bool Named = Prev == tok::identifier || Prev == tok::kw_operator;
        if (!Named)
          return false;
        if (I + 1 < D.size() && D[I + 1].first.isOneOf(tok::star, tok::amp,
                                                       tok::ampamp, tok::caret))
          return false;
        return true;
      }
      if (D[I].first.isOneOf(tok::l_brace, tok::l_paren, tok::l_square))
        ++Depth;
      else if (D[I].first.isOneOf(tok::r_brace, tok::r_paren, tok::r_square))
        --Depth;
    }
    return false;
  }

  /// The name and offset of the (first) data member the tokens of one
  /// declaration (ending with `;`) declare, if they declare one.
  std::optional<std::pair<std::string, unsigned>>
  dataMember(std::vector<std::pair<Token, unsigned>> D) const {
    // Access specifiers (`public:`) begin the text of a declaration.
    while (
        D.size() >= 2 &&
        llvm::is_contained({tok::kw_public, tok::kw_private, tok::kw_protected},
                           kindOf(D[0].first)) &&
        D[1].first.is(tok::colon))
      D.erase(D.begin(), D.begin() + 2);
    if (D.size() < 2)
      return std::nullopt;
    tok::TokenKind First = kindOf(D[0].first);
    if (llvm::is_contained({tok::kw_static, tok::kw_typedef, tok::kw_using,
                            tok::kw_friend, tok::kw_template,
                            tok::kw_static_assert, tok::kw__Static_assert,
                            tok::kw_virtual},
                           First))
      return std::nullopt;
    if (isFunction(D))
      return std::nullopt;
    bool Tag = llvm::is_contained(
        {tok::kw_struct, tok::kw_union, tok::kw_class, tok::kw_enum}, First);
    if (Tag && D.size() <= 3 && !D[1].first.is(tok::l_brace))
      return std::nullopt; // `struct tag;`
    // A nested type defined without a declarator lays out nothing, unless
    // it is an anonymous struct or union (`struct { int a; };`, C11).
    if (Tag && D[D.size() - 2].first.is(tok::r_brace)) {
      if (First != tok::kw_enum && D[1].first.is(tok::l_brace))
        return std::make_pair(std::string("(anonymous)"), D[0].second);
      return std::nullopt;
    }
    // The declarator's name: after `(*` if it is a pointer to a function,
    // else the last name in front of `=`, `[`, `:`, `,`, `;`, `{` outside
    // brackets and template arguments (skipping a nested type's body).
    for (size_t I = 0; I + 2 < D.size(); ++I)
      if (D[I].first.is(tok::l_paren) && D[I + 1].first.is(tok::star))
        for (size_t J = I + 2; J < D.size(); ++J)
          if (kindOf(D[J].first) == tok::identifier)
            return std::make_pair(D[J].first.getRawIdentifier().str(),
                                  D[J].second);
    int Depth = 0, Angle = 0;
    std::optional<std::pair<std::string, unsigned>> Last;
    for (const auto &[T, Off] : D) {
      if (T.isOneOf(tok::l_brace, tok::l_paren, tok::l_square)) {
        if (Depth == 0 && Angle == 0 && Last &&
            (T.is(tok::l_square) || (T.is(tok::l_brace) && !Tag)))
          break; // `x[4]`, `x{3}`.
        ++Depth;
        continue;
      }
      if (T.isOneOf(tok::r_brace, tok::r_paren, tok::r_square)) {
        --Depth;
        continue;
      }
      if (Depth != 0)
        continue;
      if (T.is(tok::less))
        ++Angle;
      else if (T.is(tok::greater))
        --Angle;
      else if (T.is(tok::greatergreater))
        Angle -= 2;
      if (Angle > 0)
        continue;
      if (T.isOneOf(tok::equal, tok::colon, tok::comma, tok::semi))
        break;
      if (kindOf(T) == tok::identifier)
        Last = std::make_pair(T.getRawIdentifier().str(), Off);
    }
    return Last;
  }

  ASTContext &Ctx;
  ProjectFiles &Files;
  const FeatureRanges &Ranges;
  llvm::DenseMap<const RecordDecl *, std::vector<VaryingMember>> Direct;
  llvm::DenseMap<const RecordDecl *, std::optional<LayoutReason>> Whole;
};

class LayoutUseVisitor : public RecursiveASTVisitor<LayoutUseVisitor> {
public:
  LayoutUseVisitor(ASTContext &Ctx, const ProjectLayout &Project,
                   const FeatureRanges &Ranges, std::vector<Finding> &Out,
                   const llvm::DenseSet<const Expr *> *AddressCasts)
      : Ctx(Ctx), Project(Project), Ranges(Ranges), Out(Out),
        AddressCasts(AddressCasts), Files(Ctx.getSourceManager(), Project),
        Members(Ctx, Files, Ranges), Cxx(Ctx.getLangOpts().CPlusPlus) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (!D || isa<TranslationUnitDecl>(D))
      return RecursiveASTVisitor::TraverseDecl(D);
    if (!Files.place(D->getLocation()).File)
      return true; // Outside the project: not ours to judge.
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool TraverseStaticAssertDecl(StaticAssertDecl *) { return true; }

  // Lists are judged after the traversal, when every designator is known.
  bool VisitInitListExpr(InitListExpr *ILE) {
    InitListExpr *Semantic =
        ILE->isSemanticForm() ? ILE : ILE->getSemanticForm();
    if (Semantic && !Semantic->isValueDependent())
      Lists.push_back(Semantic);
    return true;
  }
  bool VisitDesignatedInitExpr(DesignatedInitExpr *DIE) {
    if (Expr *Init = DIE->getInit())
      Designated.insert(Init->IgnoreImplicit()->getBeginLoc());
    return true;
  }

  bool VisitRecordDecl(RecordDecl *RD) {
    if (!RD->isUnion() || !RD->isCompleteDefinition() ||
        RD->isDependentContext())
      return true;
    unsigned Count = 0;
    for (const FieldDecl *F : RD->fields()) {
      (void)F;
      ++Count;
    }
    if (Count < 2)
      return true;
    for (const FieldDecl *F : RD->fields()) {
      const RecordDecl *Held = Members.recordOf(F->getType());
      if (!Held)
        continue;
      const std::optional<LayoutReason> &Why = Members.whole(Held);
      if (!Why)
        continue;
      report(F->getLocation(),
             "the union '" + Members.name(RD) + "' overlays '" +
                 Members.name(Held) + "' (member '" +
                 RecordMembers::fieldName(F) +
                 "') with other members: reading it through them (type "
                 "punning) observes the layout of '" +
                 Why->Record + "' (member " + explain(*Why) +
                 "); the simulator holds the members of every variant, so the "
                 "bytes would differ from the variant's: do not overlay a "
                 "record whose members depend on the configuration (use "
                 "separate objects, or copy member by member)");
      break;
    }
    return true;
  }

  bool VisitExplicitCastExpr(ExplicitCastExpr *E) {
    if (!isa<CStyleCastExpr>(E) && !isa<CXXReinterpretCastExpr>(E))
      return true;
    if (E->isTypeDependent() || E->isValueDependent())
      return true;
    if (AddressCasts && AddressCasts->count(E))
      return true; // `(char *)p + sizeof(*p)`: an address (SizeFlow.h).
    QualType From = E->getSubExprAsWritten()->getType().getCanonicalType();
    QualType To = E->getType().getCanonicalType();
    if (!From->isPointerType() || !To->isPointerType())
      return true;
    QualType Src = From->getPointeeType();
    QualType Dst = To->getPointeeType();
    const RecordDecl *Record = Members.recordOf(Src);
    if (!Record || Src->isArrayType() || Dst->isVoidType() ||
        Dst->isFunctionType() || Dst->isIncompleteType())
      return true;
    if (const RecordDecl *Target = Members.recordOf(Dst);
        Target && (Target == Record || prefixOf(Target, Record)))
      return true;
    const std::optional<LayoutReason> &Why = Members.whole(Record);
    if (!Why)
      return true;
    PrintingPolicy Policy = Ctx.getPrintingPolicy();
    report(E->getBeginLoc(),
           "the cast of '" +
               E->getSubExprAsWritten()->getType().getAsString(Policy) +
               "' to '" + E->getType().getAsString(Policy) +
               "' reads the bytes of '" + Members.name(Record) +
               "' through another type; its layout depends on the "
               "configuration (member " +
               explain(*Why) +
               "): the simulator holds the members of every variant, so "
               "the bytes would differ from the variant's; access the "
               "members by name");
    return true;
  }

  void finish() {
    llvm::DenseSet<const InitListExpr *> Done;
    for (size_t I = 0; I < Lists.size(); ++I) // Lists grows (elided braces).
      if (Done.insert(Lists[I]).second)
        judgeList(Lists[I]);
  }

private:
  std::string explain(const LayoutReason &W) const {
    const VaryingMember &M = W.Member;
    return M.Name + " under " + M.Condition + " at " +
           Project.relativeToRoot(M.File) + ":" +
           std::to_string(Ranges.lineOf(M.File, M.Offset)) + W.Via;
  }

  /// True if Target is what Record begins with (its first member or base,
  /// recursively): the C idiom of a "base" struct as the first member.
  bool prefixOf(const RecordDecl *Target, const RecordDecl *Record) const {
    for (int Depth = 0; Record && Depth < 16; ++Depth) {
      const RecordDecl *First = nullptr;
      if (const auto *C = dyn_cast<CXXRecordDecl>(Record);
          C && C->getNumBases())
        First = Members.recordOf(C->bases_begin()->getType());
      else if (!Record->field_empty())
        First = Members.recordOf(Record->field_begin()->getType());
      if (First == Target)
        return true;
      Record = First;
    }
    return false;
  }

  static bool isZero(const Expr *E) {
    E = E->IgnoreImplicit();
    if (isa<ImplicitValueInitExpr>(E) || isa<CXXDefaultInitExpr>(E) ||
        isa<NoInitExpr>(E))
      return true;
    if (const auto *L = dyn_cast<IntegerLiteral>(E))
      return L->getValue().isZero();
    if (const auto *F = dyn_cast<FloatingLiteral>(E))
      return F->getValue().isZero();
    if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
      const InitListExpr *S =
          ILE->isSemanticForm() ? ILE : ILE->getSemanticForm();
      return S && llvm::all_of(S->inits(),
                               [](const Expr *I) { return !I || isZero(I); });
    }
    return false;
  }

  bool implicitElement(const Expr *E) const {
    if (!E)
      return true;
    const Expr *S = E->IgnoreImplicit();
    return isa<ImplicitValueInitExpr>(S) || isa<CXXDefaultInitExpr>(S) ||
           isa<NoInitExpr>(S) || S->getBeginLoc().isInvalid();
  }

  void judgeList(const InitListExpr *S) {
    // Brace elision makes lists that the traversal does not reach (judged
    // once: finish() skips the lists it has seen).
    for (const Expr *I : S->inits())
      if (const auto *Inner = dyn_cast_or_null<InitListExpr>(I))
        Lists.push_back(Inner->isSemanticForm() || !Inner->getSemanticForm()
                            ? Inner
                            : Inner->getSemanticForm());
    QualType T = S->getType();
    if (T.isNull() || T->isDependentType())
      return;
    const auto *RT = T->getAs<RecordType>();
    if (!RT || RT->getDecl()->isUnion() || !RT->getDecl()->getDefinition())
      return;
    const RecordDecl *RD = RT->getDecl()->getDefinition();
    const std::vector<VaryingMember> &Varying = Members.of(RD);
    if (Varying.empty())
      return;
    unsigned Index = 0;
    if (const auto *C = dyn_cast<CXXRecordDecl>(RD))
      Index = C->getNumBases();
    std::optional<unsigned> Shifted;
    const FieldDecl *Field = nullptr;
    const VaryingMember *Behind = nullptr;
    for (const FieldDecl *F : RD->fields()) {
      if (F->isUnnamedBitField())
        continue;
      if (Index >= S->getNumInits())
        break;
      const Expr *E = S->getInit(Index++);
      if (implicitElement(E) ||
          Designated.count(E->IgnoreImplicit()->getBeginLoc()))
        continue;
      ProjectFiles::Place FP = Files.place(F->getLocation());
      if (!FP.File)
        continue;
      // At the first conditional member or behind it: the same element
      // in every parse, whether the parse has that member or not.
      for (const VaryingMember &M : Varying)
        if (M.File != *FP.File || M.Offset <= FP.Offset) {
          Shifted = Index - 1;
          Field = F;
          Behind = &M;
          break;
        }
      if (Shifted)
        break;
    }
    if (!Shifted)
      return;
    // Zeros behind the shift are harmless: the members they would fill are
    // zero-initialised anyway.
    bool AllZero = true;
    for (unsigned I = *Shifted; I < S->getNumInits(); ++I)
      AllZero &= isZero(S->getInit(I));
    if (AllZero)
      return;
    const Expr *E = S->getInit(*Shifted)->IgnoreImplicit();
    LayoutReason Why{Members.name(RD), *Behind, ""};
    report(E->getBeginLoc(),
           "positional initializer of '" + Members.name(RD) +
               "': this value (for member '" + RecordMembers::fieldName(Field) +
               "' here) and the ones after it are at or behind member " +
               explain(Why) +
               "; the simulator holds the members of every variant, so "
               "they would land in other members than in the variant: use "
               "designated initializers (." +
               RecordMembers::fieldName(Field) + " = ...)" +
               (Cxx ? ", C++20 or a compiler extension," : "") +
               " or assign the members");
  }

  void report(SourceLocation L, std::string Message) {
    ProjectFiles::Place P = Files.place(L);
    if (!P.File)
      return;
    SourcePoint Where = Files.point(P);
    if (!Reported.insert({Where.File, Where.Line, Where.Column}).second)
      return;
    Out.push_back({std::move(Where), std::move(Message)});
  }

  ASTContext &Ctx;
  const ProjectLayout &Project;
  const FeatureRanges &Ranges;
  std::vector<Finding> &Out;
  const llvm::DenseSet<const Expr *> *AddressCasts;
  ProjectFiles Files;
  RecordMembers Members;
  bool Cxx;
  std::vector<const InitListExpr *> Lists;
  llvm::DenseSet<SourceLocation> Designated;
  std::set<std::tuple<std::string, unsigned, unsigned>> Reported;
};

} // namespace

void findLayoutUses(ASTContext &Ctx, const ProjectLayout &Project,
                    const FeatureRanges &Ranges, std::vector<Finding> &Out,
                    const llvm::DenseSet<const Expr *> *AddressCasts) {
  if (!Ranges.any())
    return;
  LayoutUseVisitor V(Ctx, Project, Ranges, Out, AddressCasts);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  V.finish();
}

} // namespace varsim::rewrite::safety
