//===- rewrite/ListMacros.cpp - An X-macro's entries expanded in place ----===//

#include "rewrite/ListMacros.h"

#include "rewrite/MacroUses.h"
#include "rewrite/SourceText.h"
#include "rewrite/TextEdits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <map>

namespace varsim::rewrite {

namespace {

/// Arguments split at top-level commas; nullopt with a comment or a line
/// break in them.
std::optional<std::vector<std::string>> splitArgs(llvm::StringRef Args) {
  if (Args.contains("/*") || Args.contains("//") || Args.contains('\n'))
    return std::nullopt;
  std::vector<std::string> Out;
  int Depth = 0;
  size_t Start = 0;
  forEachToken(Args, [&](const SourceToken &T) {
    if (T.K != SourceToken::Punctuator)
      return;
    char C = Args[T.Begin];
    if (C == '(') {
      ++Depth;
    } else if (C == ')') {
      --Depth;
    } else if (C == ',' && Depth == 0) {
      Out.push_back(Args.slice(Start, T.Begin).trim().str());
      Start = T.Begin + 1;
    }
  });
  Out.push_back(Args.drop_front(Start).trim().str());
  return Out;
}

/// `#x`: the argument's spelling as a string literal (white space between
/// tokens folded to one space; a literal's quotes and backslashes
/// escaped).
std::string stringify(llvm::StringRef Arg) {
  std::string Out = "\"";
  unsigned Pos = 0;
  forEachToken(Arg, [&](const SourceToken &T) {
    if (T.Begin > Pos && Pos > 0)
      Out += ' ';
    Pos = T.End;
    llvm::StringRef Spelling = Arg.slice(T.Begin, T.End);
    if (T.K != SourceToken::Literal) {
      Out += Spelling;
      return;
    }
    for (char L : Spelling) {
      if (L == '"' || L == '\\')
        Out += '\\';
      Out += L;
    }
  });
  return Out + "\"";
}

struct Token {
  enum Kind { Ident, Hash, HashHash, Space, Other } K;
  std::string Text;
};

/// A replacement list's tokens, with the white space between them.
std::vector<Token> tokens(llvm::StringRef R) {
  std::vector<Token> Out;
  unsigned Pos = 0;
  forEachToken(R, [&](const SourceToken &T) {
    if (T.Begin > Pos)
      Out.push_back({Token::Space, R.slice(Pos, T.Begin).str()});
    bool Adjacent = T.Begin == Pos;
    Pos = T.End;
    llvm::StringRef Spelling = R.slice(T.Begin, T.End);
    if (Spelling == "#" && T.K == SourceToken::Punctuator) {
      if (Adjacent && !Out.empty() && Out.back().K == Token::Hash) {
        Out.back() = {Token::HashHash, "##"};
        return;
      }
      Out.push_back({Token::Hash, "#"});
      return;
    }
    Out.push_back({T.K == SourceToken::Identifier ? Token::Ident : Token::Other,
                   Spelling.str()});
  });
  if (Pos < R.size())
    Out.push_back({Token::Space, R.drop_front(Pos).str()});
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

/// The brace depths of a text outside comments, literals and directives,
/// scanned once: braceWalk answers for any range in logarithmic time
/// (a sparse table of the minimum depth over the braces).
class BraceDepths {
public:
  BraceDepths(llvm::StringRef T, const DirectiveRanges &DR) {
    int Depth = 0;
    Min.emplace_back();
    forEachToken(
        T,
        [&](const SourceToken &Tok) {
          char C = T[Tok.Begin];
          if (Tok.K != SourceToken::Punctuator || (C != '{' && C != '}'))
            return;
          Depth += C == '{' ? 1 : -1;
          Offsets.push_back(Tok.Begin);
          Min[0].push_back(Depth);
        },
        DR.R);
    for (size_t W = 1; 2 * W <= Offsets.size(); W *= 2) {
      const std::vector<int> &Prev = Min.back();
      std::vector<int> Next(Offsets.size() - 2 * W + 1);
      for (size_t I = 0; I < Next.size(); ++I)
        Next[I] = std::min(Prev[I], Prev[I + W]);
      Min.push_back(std::move(Next));
    }
  }

  /// The lowest and the final brace depth over [Begin, End), relative to
  /// Begin.
  std::pair<int, int> braceWalk(unsigned Begin, unsigned End) const {
    size_t B = firstAt(Begin), E = firstAt(End);
    if (B >= E)
      return {0, 0};
    int Base = depthBefore(B);
    size_t Level = 0;
    while ((size_t(2) << Level) <= E - B)
      ++Level;
    int Lowest = std::min(Min[Level][B], Min[Level][E - (size_t(1) << Level)]);
    return {std::min(0, Lowest - Base), Min[0][E - 1] - Base};
  }

private:
  /// The index of the first brace at or after Offset.
  size_t firstAt(unsigned Offset) const {
    return llvm::lower_bound(Offsets, Offset) - Offsets.begin();
  }
  int depthBefore(size_t I) const { return I == 0 ? 0 : Min[0][I - 1]; }

  std::vector<unsigned> Offsets; ///< Of each brace, in order.
  /// Min[L][I]: the lowest depth after the braces I .. I + 2^L - 1.
  std::vector<std::vector<int>> Min;
};

/// The `)` closing the call whose `(` is at Open; none across a line end.
std::optional<unsigned> callEnd(llvm::StringRef T, unsigned Open) {
  llvm::StringRef Line = T.slice(Open, T.find('\n', Open));
  int Depth = 0;
  std::optional<unsigned> Close;
  forEachToken(Line, [&](const SourceToken &Tok) {
    char C = Line[Tok.Begin];
    if (Close || Tok.K != SourceToken::Punctuator)
      return;
    if (C == '(')
      ++Depth;
    else if (C == ')' && --Depth == 0)
      Close = Open + Tok.Begin;
  });
  return Close;
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
  BraceDepths Braces(Text, DR);
  // The branch holding each directive directly (~0u: none).
  std::vector<std::pair<unsigned, unsigned>> Owner(FS.Directives.size(),
                                                   {~0u, 0});
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI)
    for (unsigned BI = 0; BI < FS.Groups[GI].Branches.size(); ++BI)
      for (unsigned DI : FS.Groups[GI].Branches[BI].Directives)
        Owner[DI] = {GI, BI};

  std::vector<TextEdit> Accepted;
  auto Overlaps = [&](const TextEdit &E) {
    return llvm::any_of(Accepted, [&](const TextEdit &A) {
      return E.Offset < A.Offset + A.Length && A.Offset < E.Offset + E.Length;
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
    if (Braces.braceWalk(0, Def.Begin).second <= 0 ||
        Braces.braceWalk(Def.End, Undef.Begin) != std::pair(0, 0))
      continue;
    if (llvm::any_of(Others, [&](const Directive *O) {
          return O->Kind == DirectiveKind::Define &&
                 (O->Macro == M ||
                  !findIdentifiers(O->Replacement, {M}).empty());
        }))
      continue;
    std::vector<TextEdit> Mine = {
        {Def.Begin, Def.End - Def.Begin, std::string(Def.PhysicalLines, '\n')},
        {Undef.Begin, Undef.End - Undef.Begin,
         std::string(Undef.PhysicalLines, '\n')}};
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
      Mine.push_back({Off, *Close + 1 - Off, *X});
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
                     [&](const TextEdit &A) { return A.Offset == D.Begin; }))
      continue;
    for (const auto &[B, E] : Spans) {
      unsigned Lo = std::min(B, D.Begin), Hi = std::max(B, D.End);
      auto [Min, Final] = Braces.braceWalk(Lo, Hi);
      if (Min == 0 && Final == 0)
        return std::nullopt; // The same block: left as it is.
    }
  }
  std::set<TextEdit> Edits(Accepted.begin(), Accepted.end());
  // Accepted edits do not overlap (checked above).
  return llvm::cantFail(
      applyTextEdits("", Text, 0, Edits, "list macro expansion"));
}

} // namespace varsim::rewrite
