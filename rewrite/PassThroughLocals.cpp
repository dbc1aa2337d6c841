//===- rewrite/PassThroughLocals.cpp - A constant standing in for a local -===//

#include "rewrite/PassThroughLocals.h"
#include "rewrite/MacroUses.h"
#include "rewrite/SourceText.h"

#include "llvm/ADT/StringExtras.h"

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

} // namespace varsim::rewrite
