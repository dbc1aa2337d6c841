//===- rewrite/PassThroughLocals.cpp - A constant standing in for a local -===//

#include "rewrite/PassThroughLocals.h"
#include "rewrite/MacroUses.h"
#include "rewrite/SourceText.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <climits>
#include <vector>

namespace varsim::rewrite {
namespace {

struct Candidate {
  unsigned Group = 0;
  std::string Name, Value;
};

/// The group's two branches: one only `#define NAME V` (V a decimal int
/// literal), the other only `int NAME;`.
std::optional<Candidate> candidateOf(llvm::StringRef Text,
                                     const FileStructure &FS, unsigned GI) {
  const CondGroup &G = FS.Groups[GI];
  if (G.Branches.size() != 2)
    return std::nullopt;
  std::optional<Candidate> C;
  const CondGroup::Branch *Decl = nullptr;
  for (const CondGroup::Branch &B : G.Branches) {
    if (!B.Children.empty())
      return std::nullopt;
    if (B.Directives.size() == 1) {
      const Directive &D = FS.Directives[B.Directives.front()];
      llvm::StringRef V = llvm::StringRef(D.Replacement).trim();
      unsigned long long N = 0;
      if (D.Kind != DirectiveKind::Define || D.FunctionLike || C || V.empty() ||
          !llvm::all_of(V, llvm::isDigit) || V.getAsInteger(10, N) ||
          N > INT_MAX || (V.size() > 1 && V.front() == '0'))
        return std::nullopt;
      C = Candidate{GI, D.Macro, V.str()};
      // Nothing but the directive in this branch.
      std::vector<SourceToken> Toks;
      forEachToken(Text.slice(B.ContentBegin, B.ContentEnd),
                   [&](const SourceToken &T) { Toks.push_back(T); },
                   {{D.Begin - B.ContentBegin, D.End - B.ContentBegin}});
      if (!Toks.empty())
        return std::nullopt;
    } else if (B.Directives.empty()) {
      Decl = &B;
    } else {
      return std::nullopt;
    }
  }
  if (!C || !Decl)
    return std::nullopt;
  llvm::StringRef Body = Text.slice(Decl->ContentBegin, Decl->ContentEnd);
  std::vector<std::string> Words;
  forEachToken(Body, [&](const SourceToken &T) {
    Words.push_back(Body.slice(T.Begin, T.End).str());
  });
  if (Words != std::vector<std::string>{"int", C->Name, ";"})
    return std::nullopt;
  return C;
}

} // namespace

std::optional<std::string> lowerConstantLocals(llvm::StringRef Text,
                                               const FileStructure &FS) {
  std::vector<Candidate> Found;
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI)
    if (auto C = candidateOf(Text, FS, GI))
      Found.push_back(std::move(*C));
  if (Found.empty())
    return std::nullopt;
  // The code's tokens, directives left out, with their brace depth.
  struct Tok {
    SourceToken T;
    int Depth = 0, Brackets = 0;
  };
  std::vector<Tok> Code;
  int Depth = 0, Brackets = 0;
  forEachToken(
      Text,
      [&](const SourceToken &T) {
        char C = T.K == SourceToken::Punctuator ? Text[T.Begin] : 0;
        if (C == '}')
          --Depth;
        if (C == ']')
          --Brackets;
        Code.push_back({T, Depth, Brackets});
        if (C == '{')
          ++Depth;
        if (C == '[')
          ++Brackets;
      },
      directiveRanges(FS));
  std::vector<std::pair<unsigned, std::string>> Edits; // Group -> text.
  for (const Candidate &C : Found) {
    const CondGroup &G = FS.Groups[C.Group];
    const Directive &If = FS.Directives[G.Branches.front().DirectiveIndex];
    const Directive &Endif = FS.Directives[G.EndifIndex];
    // Every directive naming the macro: its #define here, then one #undef
    // after the group.
    std::optional<unsigned> Undef;
    bool Ok = true;
    for (unsigned DI = 0; DI < FS.Directives.size() && Ok; ++DI) {
      const Directive &D = FS.Directives[DI];
      if (findIdentifiers(Text.slice(D.Begin, D.End), {C.Name}).empty())
        continue;
      if (D.Begin >= If.Begin && D.End <= Endif.End &&
          D.Kind == DirectiveKind::Define)
        continue;
      if (D.Kind == DirectiveKind::Undef && D.Begin >= Endif.End && !Undef)
        Undef = DI;
      else
        Ok = false;
    }
    if (!Ok || !Undef)
      continue;
    unsigned UndefAt = FS.Directives[*Undef].Begin;
    auto First = llvm::partition_point(
        Code, [&](const Tok &T) { return T.T.Begin < Endif.End; });
    if (First == Code.begin() || First == Code.end())
      continue;
    // The depth inside the block holding the group: the token before it
    // opens the block, or lies in it.
    const Tok &Prev = *std::prev(First);
    int BlockDepth = Prev.Depth + (Prev.T.K == SourceToken::Punctuator &&
                                   Text[Prev.T.Begin] == '{');
    if (BlockDepth <= 0)
      continue; // Not inside a block.
    bool BlockEnded = false;
    for (auto It = First; It != Code.end() && It->T.Begin < UndefAt && Ok;
         ++It) {
      if (It->Depth < BlockDepth)
        BlockEnded = true;
      bool Use = It->T.K == SourceToken::Identifier &&
                 Text.slice(It->T.Begin, It->T.End) == C.Name;
      if (Use && (BlockEnded || It->Brackets > 0))
        Ok = false;
    }
    if (!Ok)
      continue;
    std::string Out = "int " + C.Name + " = " + C.Value + ";";
    Out.append(Text.slice(If.Begin, Endif.End).count('\n'), '\n');
    Edits.push_back({C.Group, std::move(Out)});
  }
  if (Edits.empty())
    return std::nullopt;
  std::string Out;
  unsigned Pos = 0;
  for (const auto &[GI, New] : Edits) {
    const CondGroup &G = FS.Groups[GI];
    unsigned Begin = FS.Directives[G.Branches.front().DirectiveIndex].Begin;
    unsigned End = FS.Directives[G.EndifIndex].End;
    Out += Text.slice(Pos, Begin);
    Out += New;
    Pos = End;
  }
  Out += Text.drop_front(Pos);
  return Out;
}

std::vector<std::pair<unsigned, unsigned>>
directiveLines(llvm::StringRef Text) {
  std::vector<std::pair<unsigned, unsigned>> Out;
  size_t At = 0;
  bool InComment = false;
  while (At < Text.size()) {
    size_t Eol = Text.find('\n', At);
    if (Eol == llvm::StringRef::npos)
      Eol = Text.size();
    llvm::StringRef Line = Text.slice(At, Eol);
    if (!InComment && Line.ltrim(" \t").starts_with("#")) {
      size_t End = Eol;
      while (End < Text.size() && End > 0 && Text[End - 1] == '\\') {
        End = Text.find('\n', End + 1);
        if (End == llvm::StringRef::npos)
          End = Text.size();
      }
      Out.push_back({static_cast<unsigned>(At),
                     static_cast<unsigned>(std::min(End + 1, Text.size()))});
      At = End + 1;
      continue;
    }
    // A block comment open at the end of the line hides a `#` below it.
    for (size_t I = 0; I + 1 < Line.size(); ++I) {
      if (!InComment && Line[I] == '/' && Line[I + 1] == '/')
        break;
      if (!InComment && Line[I] == '/' && Line[I + 1] == '*') {
        InComment = true;
        ++I;
      } else if (InComment && Line[I] == '*' && Line[I + 1] == '/') {
        InComment = false;
        ++I;
      }
    }
    At = Eol + 1;
  }
  return Out;
}

void fileScopeIdentifiers(llvm::StringRef Text,
                          llvm::ArrayRef<std::pair<unsigned, unsigned>> Skip,
                          std::set<std::string> &Out) {
  int Depth = 0;
  forEachToken(
      Text,
      [&](const SourceToken &T) {
        if (T.K == SourceToken::Punctuator)
          Depth += Text[T.Begin] == '{' ? 1 : Text[T.Begin] == '}' ? -1 : 0;
        else if (T.K == SourceToken::Identifier && Depth == 0)
          Out.insert(Text.slice(T.Begin, T.End).str());
      },
      Skip);
}

std::optional<std::string> declarationForEveryConfiguration(
    llvm::StringRef Text, unsigned Use, llvm::StringRef Args,
    llvm::ArrayRef<std::pair<unsigned, unsigned>> Skip,
    const std::set<std::string> &Globals) {
  // `TYPE [*...] NAME ;`: identifiers and stars, then the name and `;`.
  std::vector<SourceToken> Toks;
  forEachToken(Args, [&](const SourceToken &T) { Toks.push_back(T); });
  if (Toks.size() < 3 || Args.slice(Toks.back().Begin, Toks.back().End) != ";")
    return std::nullopt;
  const SourceToken &NameTok = Toks[Toks.size() - 2];
  if (NameTok.K != SourceToken::Identifier ||
      Toks.front().K != SourceToken::Identifier)
    return std::nullopt;
  for (size_t I = 0; I + 2 < Toks.size(); ++I)
    if (Toks[I].K != SourceToken::Identifier &&
        Args.slice(Toks[I].Begin, Toks[I].End) != "*")
      return std::nullopt;
  std::string Name = Args.slice(NameTok.Begin, NameTok.End).str();
  if (Globals.count(Name))
    return std::nullopt;
  // The enclosing function: from the last file-scope `;` or `}` before
  // the body's `{` (its declarator and parameters) up to the use.
  struct Tok {
    SourceToken T;
    int Depth = 0; ///< Before the token.
  };
  std::vector<Tok> Before;
  int Depth = 0;
  forEachToken(
      Text.take_front(Use),
      [&](const SourceToken &T) {
        Before.push_back({T, Depth});
        if (T.K == SourceToken::Punctuator)
          Depth += Text[T.Begin] == '{' ? 1 : Text[T.Begin] == '}' ? -1 : 0;
      },
      Skip);
  if (Depth <= 0)
    return std::nullopt; // Not in a function body.
  size_t I = Before.size();
  while (I > 0 && Before[I - 1].Depth > 0)
    --I;
  // Before[I - 1] is the body's `{`; back to the declaration's start.
  while (I > 0) {
    const Tok &T = Before[I - 1];
    char C = T.T.K == SourceToken::Punctuator ? Text[T.T.Begin] : 0;
    if (T.Depth == 0 && (C == ';' || C == '}'))
      break;
    --I;
  }
  // Back from the use: a block closed before it hides its names (another
  // block's `MUTEX_LOGIC( sqlite3_mutex *m; )`), anything else is visible.
  for (size_t J = Before.size(); J > I; --J) {
    const Tok &T = Before[J - 1];
    if (T.T.K == SourceToken::Punctuator && Text[T.T.Begin] == '}') {
      int Open = T.Depth - 1;
      while (J > I + 1 && !(Before[J - 2].T.K == SourceToken::Punctuator &&
                            Text[Before[J - 2].T.Begin] == '{' &&
                            Before[J - 2].Depth == Open))
        --J;
      --J; // The `{`.
      if (J <= I)
        break;
      continue;
    }
    if (T.T.K == SourceToken::Identifier &&
        Text.slice(T.T.Begin, T.T.End) == Name)
      return std::nullopt;
  }
  return Name;
}

} // namespace varsim::rewrite
