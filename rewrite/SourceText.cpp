//===- rewrite/SourceText.cpp - Lexical helpers over source text ----------===//
//
// The one lexical scanner over raw text (SourceText.h): the scans of
// macro uses, brace blocks, file-scope names and X-macro lists all go
// through forEachToken, so they agree on what is a comment or a literal.
//
//===----------------------------------------------------------------------===//

#include "rewrite/SourceText.h"

#include <algorithm>

namespace varsim::rewrite {

namespace {

/// forEachToken, stopping after the token for which Visit returns false.
void scanTokens(llvm::StringRef Text,
                llvm::function_ref<bool(const SourceToken &)> Visit,
                llvm::ArrayRef<std::pair<unsigned, unsigned>> Skip) {
  size_t I = 0, N = Text.size(), SI = 0;
  bool Stop = false;
  auto Emit = [&](SourceToken::Kind K, size_t B, size_t E) {
    Stop = !Visit(
        {K, static_cast<unsigned>(B), static_cast<unsigned>(std::min(E, N))});
  };
  while (I < N && !Stop) {
    if (SI < Skip.size() && I >= Skip[SI].first) {
      I = std::max<size_t>(I, Skip[SI++].second);
      continue;
    }
    char C = Text[I];
    if (C == '/' && I + 1 < N && Text[I + 1] == '/') {
      // A line comment, continued by a backslash-newline.
      while (I < N && Text[I] != '\n') {
        if (Text[I] == '\\' && I + 1 < N && Text[I + 1] == '\n')
          ++I;
        ++I;
      }
      continue;
    }
    if (C == '/' && I + 1 < N && Text[I + 1] == '*') {
      size_t E = Text.find("*/", I + 2);
      I = E == llvm::StringRef::npos ? N : E + 2;
      continue;
    }
    if (C == '"' || C == '\'') {
      size_t B = I;
      for (++I; I < N && Text[I] != C && Text[I] != '\n'; ++I)
        if (Text[I] == '\\')
          ++I;
      ++I;
      Emit(SourceToken::Literal, B, I);
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(C)) ||
        (C == '.' && I + 1 < N &&
         std::isdigit(static_cast<unsigned char>(Text[I + 1])))) {
      // A pp-number: 0x1Fu, 1e+5, 1'000.
      size_t B = I;
      for (++I; I < N; ++I) {
        char D = Text[I];
        if (isIdentifierChar(D) || D == '.')
          continue;
        if ((D == '+' || D == '-') &&
            llvm::StringRef("eEpP").contains(Text[I - 1]))
          continue;
        if (D == '\'' && I + 1 < N && isIdentifierChar(Text[I + 1]))
          continue;
        break;
      }
      Emit(SourceToken::Number, B, I);
      continue;
    }
    if (isIdentifierStart(C)) {
      size_t B = I;
      while (I < N && isIdentifierChar(Text[I]))
        ++I;
      llvm::StringRef Id = Text.slice(B, I);
      // A raw string literal: R"delim( ... )delim".
      if (I < N && Text[I] == '"' &&
          (Id == "R" || Id == "LR" || Id == "uR" || Id == "UR" ||
           Id == "u8R")) {
        size_t Open = Text.find('(', I);
        if (Open == llvm::StringRef::npos) {
          Emit(SourceToken::Literal, B, N);
          I = N;
          continue;
        }
        std::string Close = ")" + Text.slice(I + 1, Open).str() + "\"";
        size_t E = Text.find(Close, Open);
        I = E == llvm::StringRef::npos ? N : E + Close.size();
        Emit(SourceToken::Literal, B, I);
        continue;
      }
      Emit(SourceToken::Identifier, B, I);
      continue;
    }
    if (!std::isspace(static_cast<unsigned char>(C)))
      Emit(SourceToken::Punctuator, I, I + 1);
    ++I;
  }
}

} // namespace

void forEachToken(llvm::StringRef Text,
                  llvm::function_ref<void(const SourceToken &)> Visit,
                  llvm::ArrayRef<std::pair<unsigned, unsigned>> Skip) {
  scanTokens(
      Text,
      [&](const SourceToken &T) {
        Visit(T);
        return true;
      },
      Skip);
}

std::string oldStyleDeclaration(llvm::StringRef Text, unsigned DeclBegin,
                                unsigned LParen, unsigned NameBegin,
                                unsigned NameEnd, llvm::StringRef NewName) {
  std::string D =
      NameEnd > NameBegin && NameBegin >= DeclBegin && NameEnd <= LParen
          ? (Text.slice(DeclBegin, NameBegin) + NewName +
             Text.slice(NameEnd, LParen + 1) + ")")
                .str()
          : (Text.slice(DeclBegin, LParen + 1) + ")").str();
  std::replace(D.begin(), D.end(), '\n', ' ');
  return D;
}

size_t matchingClose(llvm::StringRef Text, size_t Open, llvm::StringRef Opens,
                     llvm::StringRef Closes) {
  llvm::StringRef Rest = Text.drop_front(Open);
  size_t Found = llvm::StringRef::npos;
  int Depth = 0;
  scanTokens(Rest,
             [&](const SourceToken &T) {
               if (T.K != SourceToken::Punctuator)
                 return true;
               if (Opens.contains(Rest[T.Begin]))
                 ++Depth;
               else if (Closes.contains(Rest[T.Begin]) && --Depth == 0)
                 Found = Open + T.Begin;
               return Found == llvm::StringRef::npos;
             },
             {});
  return Found;
}

std::vector<std::pair<unsigned, unsigned>>
directiveRanges(const FileStructure &FS) {
  std::vector<std::pair<unsigned, unsigned>> Out;
  Out.reserve(FS.Directives.size());
  for (const Directive &D : FS.Directives)
    Out.push_back({D.Begin, D.End});
  return Out;
}

} // namespace varsim::rewrite
