//===- rewrite/ListMacros.cpp - An X-macro's entries expanded in place ----===//

#include "rewrite/ListMacros.h"

#include "rewrite/MacroUses.h"
#include "rewrite/TextEdits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <map>

namespace varsim::rewrite {

namespace {

bool identStart(char C) { return llvm::isAlpha(C) || C == '_'; }
bool identChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// The end of the string or character literal opening at I.
size_t literalEnd(llvm::StringRef T, size_t I) {
  char Q = T[I];
  for (++I; I < T.size() && T[I] != Q && T[I] != '\n'; ++I)
    if (T[I] == '\\')
      ++I;
  return std::min(I + 1, T.size());
}

/// Arguments split at top-level commas; nullopt with a comment or a line
/// break in them.
std::optional<std::vector<std::string>> splitArgs(llvm::StringRef Args) {
  if (Args.contains("/*") || Args.contains("//") || Args.contains('\n'))
    return std::nullopt;
  std::vector<std::string> Out;
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I < Args.size(); ++I) {
    char C = Args[I];
    if (C == '"' || C == '\'') {
      I = literalEnd(Args, I) - 1;
    } else if (C == '(') {
      ++Depth;
    } else if (C == ')') {
      --Depth;
    } else if (C == ',' && Depth == 0) {
      Out.push_back(Args.slice(Start, I).trim().str());
      Start = I + 1;
    }
  }
  Out.push_back(Args.drop_front(Start).trim().str());
  return Out;
}

/// `#x`: the argument's spelling as a string literal.
std::string stringify(llvm::StringRef Arg) {
  std::string Out = "\"";
  bool Space = false;
  for (size_t I = 0; I < Arg.size(); ++I) {
    char C = Arg[I];
    if (C == '"' || C == '\'') {
      size_t E = literalEnd(Arg, I);
      if (Space)
        Out += ' ';
      Space = false;
      for (char L : Arg.slice(I, E)) {
        if (L == '"' || L == '\\')
          Out += '\\';
        Out += L;
      }
      I = E - 1;
      continue;
    }
    if (llvm::isSpace(C)) {
      Space = true;
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out + "\"";
}

struct Token {
  enum Kind { Ident, Hash, HashHash, Space, Other } K;
  std::string Text;
};

std::vector<Token> tokens(llvm::StringRef R) {
  std::vector<Token> Out;
  for (size_t I = 0; I < R.size();) {
    char C = R[I];
    size_t E = I + 1;
    Token::Kind K = Token::Other;
    if (identStart(C)) {
      while (E < R.size() && identChar(R[E]))
        ++E;
      K = Token::Ident;
    } else if (llvm::isDigit(C)) {
      while (E < R.size() && (identChar(R[E]) || R[E] == '.'))
        ++E;
    } else if (C == '"' || C == '\'') {
      E = literalEnd(R, I);
    } else if (llvm::isSpace(C)) {
      while (E < R.size() && llvm::isSpace(R[E]))
        ++E;
      K = Token::Space;
    } else if (C == '#') {
      K = Token::Hash;
      if (E < R.size() && R[E] == '#') {
        ++E;
        K = Token::HashHash;
      }
    }
    Out.push_back({K, R.slice(I, E).str()});
    I = E;
  }
  return Out;
}

/// Offsets of Text's directives, for skipping them.
struct DirectiveRanges {
  std::vector<std::pair<unsigned, unsigned>> R;
  explicit DirectiveRanges(const FileStructure &FS) {
    for (const Directive &D : FS.Directives)
      R.push_back({D.Begin, D.End});
  }
  /// The end of the directive holding Offset, or Offset.
  unsigned skip(unsigned Offset) const {
    auto It = llvm::upper_bound(
        R, Offset, [](unsigned O, const auto &P) { return O < P.first; });
    if (It != R.begin() && Offset < std::prev(It)->second)
      return std::prev(It)->second;
    return Offset;
  }
  bool inside(unsigned Offset) const { return skip(Offset) != Offset; }
};

/// The lowest and the final brace depth over [Begin, End), relative to
/// Begin, outside comments, literals and directives.
std::pair<int, int> braceWalk(llvm::StringRef T, const DirectiveRanges &DR,
                              unsigned Begin, unsigned End) {
  int Depth = 0, Min = 0;
  for (unsigned I = Begin; I < End;) {
    if (unsigned S = DR.skip(I); S != I) {
      I = S;
      continue;
    }
    char C = T[I];
    if (C == '/' && I + 1 < T.size() && (T[I + 1] == '*' || T[I + 1] == '/')) {
      size_t E = T[I + 1] == '*' ? T.find("*/", I + 2) : T.find('\n', I);
      I = E == llvm::StringRef::npos
              ? End
              : static_cast<unsigned>(E + (T[I + 1] == '*' ? 2 : 0));
      continue;
    }
    if (C == '"' || C == '\'') {
      I = static_cast<unsigned>(literalEnd(T, I));
      continue;
    }
    if (C == '{')
      ++Depth;
    if (C == '}')
      Min = std::min(Min, --Depth);
    ++I;
  }
  return {Min, Depth};
}

/// The `)` closing the call whose `(` is at Open; none across a directive.
std::optional<unsigned> callEnd(llvm::StringRef T, unsigned Open) {
  int Depth = 0;
  for (unsigned I = Open; I < T.size(); ++I) {
    char C = T[I];
    if (C == '\n')
      return std::nullopt;
    if (C == '"' || C == '\'') {
      I = static_cast<unsigned>(literalEnd(T, I)) - 1;
      continue;
    }
    if (C == '(')
      ++Depth;
    else if (C == ')' && --Depth == 0)
      return I;
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string> expandMacroCall(llvm::StringRef Definition,
                                           llvm::StringRef Name,
                                           llvm::StringRef Args) {
  llvm::StringRef D = Definition.ltrim();
  if (!D.consume_front(Name) || !D.consume_front("("))
    return std::nullopt;
  size_t Close = D.find(')');
  if (Close == llvm::StringRef::npos)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 4> Params;
  llvm::StringRef(D.take_front(Close)).split(Params, ',');
  for (llvm::StringRef &P : Params)
    P = P.trim();
  if (Params.size() == 1 && Params.front().empty())
    Params.clear();
  for (llvm::StringRef P : Params)
    if (P.empty() || P.contains("..."))
      return std::nullopt;
  std::optional<std::vector<std::string>> A = splitArgs(Args);
  if (!A)
    return std::nullopt;
  if (Params.empty() && A->size() == 1 && A->front().empty())
    A->clear();
  if (A->size() != Params.size())
    return std::nullopt;
  std::map<std::string, std::string> Value;
  for (size_t I = 0; I < Params.size(); ++I)
    Value[Params[I].str()] = (*A)[I];

  std::vector<Token> Ts = tokens(D.drop_front(Close + 1).trim());
  auto NextSolid = [&](size_t I) {
    while (I < Ts.size() && Ts[I].K == Token::Space)
      ++I;
    return I;
  };
  std::string Out;
  bool Pasting = false; // The previous solid token was ##.
  for (size_t I = 0; I < Ts.size(); ++I) {
    const Token &T = Ts[I];
    if (T.K == Token::Space) {
      if (!Pasting && NextSolid(I) < Ts.size() &&
          Ts[NextSolid(I)].K != Token::HashHash)
        Out += ' ';
      continue;
    }
    if (T.K == Token::Ident && T.Text == Name)
      return std::nullopt;
    if (T.K == Token::HashHash) {
      if (Out.empty() || NextSolid(I + 1) >= Ts.size())
        return std::nullopt;
      while (!Out.empty() && Out.back() == ' ')
        Out.pop_back();
      Pasting = true;
      continue;
    }
    if (T.K == Token::Hash) {
      size_t P = NextSolid(I + 1);
      if (P >= Ts.size() || !Value.count(Ts[P].Text))
        return std::nullopt;
      Out += stringify(Value.at(Ts[P].Text));
      I = P;
      Pasting = false;
      continue;
    }
    bool IsParam = T.K == Token::Ident && Value.count(T.Text);
    bool PastedAfter = NextSolid(I + 1) < Ts.size() &&
                       Ts[NextSolid(I + 1)].K == Token::HashHash;
    if (IsParam && !Pasting && !PastedAfter)
      Out += " " + Value.at(T.Text) + " "; // Its own tokens, as in cpp.
    else if (IsParam)
      Out += Value.at(T.Text);
    else
      Out += T.Text;
    Pasting = false;
  }
  return Out;
}

std::optional<std::string>
expandListMacros(llvm::StringRef Text, const FileStructure &FS,
                 const std::vector<std::pair<unsigned, unsigned>> &Spans,
                 const std::vector<const Directive *> &Others) {
  DirectiveRanges DR(FS);
  // The branch holding each directive directly (~0u: none).
  std::vector<std::pair<unsigned, unsigned>> Owner(FS.Directives.size(),
                                                   {~0u, 0});
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI)
    for (unsigned BI = 0; BI < FS.Groups[GI].Branches.size(); ++BI)
      for (unsigned DI : FS.Groups[GI].Branches[BI].Directives)
        Owner[DI] = {GI, BI};

  struct Edit {
    unsigned Begin, End;
    std::string Text;
  };
  std::vector<Edit> Accepted;
  auto Overlaps = [&](const Edit &E) {
    return llvm::any_of(Accepted, [&](const Edit &A) {
      return E.Begin < A.End && A.Begin < E.End;
    });
  };
  for (unsigned DI = 0; DI < FS.Directives.size(); ++DI) {
    const Directive &Def = FS.Directives[DI];
    if (Def.Kind != DirectiveKind::Define || !Def.FunctionLike)
      continue;
    const std::string &M = Def.Macro;
    // Not defined before (here or by another file), undefined after.
    bool Earlier = false;
    for (unsigned I = 0; I < DI; ++I)
      if (FS.Directives[I].Macro == M &&
          (FS.Directives[I].Kind == DirectiveKind::Define ||
           FS.Directives[I].Kind == DirectiveKind::Undef))
        Earlier = FS.Directives[I].Kind == DirectiveKind::Define;
    unsigned UI = DI + 1;
    while (UI < FS.Directives.size() &&
           !(FS.Directives[UI].Macro == M &&
             (FS.Directives[UI].Kind == DirectiveKind::Define ||
              FS.Directives[UI].Kind == DirectiveKind::Undef)))
      ++UI;
    if (Earlier || UI == FS.Directives.size() ||
        FS.Directives[UI].Kind != DirectiveKind::Undef ||
        Owner[UI] != Owner[DI])
      continue;
    const Directive &Undef = FS.Directives[UI];
    if (llvm::none_of(Spans, [&](const auto &S) {
          return S.first < Undef.Begin && S.second > Def.End;
        }))
      continue;
    // Inside braces, one block from the #define to the #undef.
    if (braceWalk(Text, DR, 0, Def.Begin).second <= 0 ||
        braceWalk(Text, DR, Def.End, Undef.Begin) != std::pair(0, 0))
      continue;
    if (llvm::any_of(Others, [&](const Directive *O) {
          return O->Kind == DirectiveKind::Define &&
                 (O->Macro == M ||
                  !findIdentifiers(O->Replacement, {M}).empty());
        }))
      continue;
    std::vector<Edit> Mine = {
        {Def.Begin, Def.End, std::string(Def.PhysicalLines, '\n')},
        {Undef.Begin, Undef.End, std::string(Undef.PhysicalLines, '\n')}};
    bool Ok = true;
    llvm::StringRef Between = Text.slice(Def.End, Undef.Begin);
    for (const auto &[Rel, _] : findIdentifiers(Between, {M})) {
      unsigned Off = Def.End + Rel;
      unsigned Open = Off + static_cast<unsigned>(M.size());
      while (Open < Text.size() && (Text[Open] == ' ' || Text[Open] == '\t'))
        ++Open;
      if (DR.inside(Off) || Open >= Text.size() || Text[Open] != '(') {
        Ok = false;
        break;
      }
      std::optional<unsigned> Close = callEnd(Text, Open);
      std::optional<std::string> X;
      if (Close)
        X = expandMacroCall(Def.Body, M, Text.slice(Open + 1, *Close));
      if (!Close || !X) {
        Ok = false;
        break;
      }
      Mine.push_back({Off, *Close + 1, *X});
    }
    if (!Ok || llvm::any_of(Mine, Overlaps))
      continue;
    Accepted.insert(Accepted.end(), Mine.begin(), Mine.end());
  }
  // Every #define and #undef in a brace block that holds a span must be
  // gone: the lowerings copy such blocks elsewhere (and an enumeration's
  // entries made by a macro are not seen as its enumerators).
  for (const Directive &D : FS.Directives) {
    if (D.Kind != DirectiveKind::Define && D.Kind != DirectiveKind::Undef)
      continue;
    if (llvm::any_of(Accepted,
                     [&](const Edit &A) { return A.Begin == D.Begin; }))
      continue;
    for (const auto &[B, E] : Spans) {
      unsigned Lo = std::min(B, D.Begin), Hi = std::max(B, D.End);
      auto [Min, Final] = braceWalk(Text, DR, Lo, Hi);
      if (Min == 0 && Final == 0)
        return std::nullopt; // The same block: left as it is.
    }
  }
  std::set<TextEdit> Edits;
  for (const Edit &E : Accepted)
    Edits.insert({E.Begin, E.End - E.Begin, E.Text});
  // Accepted edits do not overlap (checked above).
  return llvm::cantFail(
      applyTextEdits("", Text, 0, Edits, "list macro expansion"));
}

} // namespace varsim::rewrite
