//===- rewrite/safety/RecordMembers.cpp - Members that vary -------------===//

#include "rewrite/safety/RecordMembers.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Basic/IdentifierTable.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

#include <tuple>

namespace varsim::rewrite::safety {

using namespace clang;

const std::vector<VaryingMember> &RecordMembers::of(const RecordDecl *RD) {
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
        Found.push_back({"'" + fieldName(F) + "'", *FP.File, FP.Offset, *Cond});
    }
    skipped(RD, Begin, Found);
    llvm::sort(Found, [](const VaryingMember &A, const VaryingMember &B) {
      return std::tie(A.File, A.Offset) < std::tie(B.File, B.Offset);
    });
  }
  return Direct[RD] = std::move(Found);
}

const std::optional<LayoutReason> &RecordMembers::whole(const RecordDecl *RD) {
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

const RecordDecl *RecordMembers::recordOf(QualType T) const {
  T = T.getCanonicalType();
  while (const ArrayType *A = Ctx.getAsArrayType(T))
    T = A->getElementType().getCanonicalType();
  if (T->isDependentType())
    return nullptr;
  const auto *RT = T->getAs<RecordType>();
  return RT ? RT->getDecl()->getDefinition() : nullptr;
}

const std::string *
RecordMembers::within(const ProjectFiles::Place &Member,
                      const ProjectFiles::Place &Record) const {
  if (!Member.File)
    return nullptr;
  if (Record.File == Member.File && Record.Offset <= Member.Offset)
    return Ranges.conditionInside(*Member.File, Member.Offset, Record.Offset);
  return Ranges.conditionAt(*Member.File, Member.Offset);
}

tok::TokenKind RecordMembers::kindOf(const Token &T) const {
  if (T.is(tok::raw_identifier))
    return Ctx.Idents.get(T.getRawIdentifier()).getTokenID();
  return T.getKind();
}

void RecordMembers::skipped(const RecordDecl *RD,
                            const ProjectFiles::Place &Begin,
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
    return llvm::any_of(
        Seen, [&](const auto &R) { return R.first <= Off && Off <= R.second; });
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
          Found.push_back({"'" + M->first + "'", *Body.File, M->second, *Cond});
      Pending.clear();
    }
  }
}

bool RecordMembers::isFunction(
    const std::vector<std::pair<Token, unsigned>> &D) const {
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
      if (I + 1 < D.size() &&
          D[I + 1].first.isOneOf(tok::star, tok::amp, tok::ampamp, tok::caret))
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

std::optional<std::pair<std::string, unsigned>>
RecordMembers::dataMember(std::vector<std::pair<Token, unsigned>> D) const {
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

} // namespace varsim::rewrite::safety
