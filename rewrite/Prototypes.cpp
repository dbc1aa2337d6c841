//===- rewrite/Prototypes.cpp - Function prototypes found in text ---------===//

#include "rewrite/Prototypes.h"

#include "rewrite/MacroUses.h"
#include "rewrite/SourceText.h"

#include <cctype>

namespace varsim::rewrite {
namespace {

/// The logical line of Text that holds Offset (physical lines joined by
/// backslashes: a macro body's continuation lines), trimmed, starts with
/// '#'.
bool inDirectiveLine(llvm::StringRef Text, size_t Offset) {
  size_t Start = Text.rfind('\n', Offset);
  Start = Start == llvm::StringRef::npos ? 0 : Start + 1;
  while (Start > 0) {
    llvm::StringRef Before = Text.take_front(Start - 1).rtrim("\r");
    if (!Before.ends_with("\\"))
      break;
    size_t Prev = Text.rfind('\n', Start - 2);
    Start = Prev == llvm::StringRef::npos ? 0 : Prev + 1;
  }
  return Text.substr(Start).ltrim(" \t").starts_with("#");
}

/// The declaration specifiers before the name at Offset: back to the end of
/// the previous statement, a comment or a directive line. nullopt: other
/// characters there (an expression, a call, a macro body).
std::optional<llvm::StringRef> specifiersBefore(llvm::StringRef Text,
                                                size_t Offset) {
  size_t I = Offset;
  while (I > 0) {
    char C = Text[I - 1];
    if (C == ';' || C == '}' || C == '{' || C == '/')
      break;
    if (C == '\n') {
      // A directive line before this one ends the search (the prototype
      // starts after it), also one continued with backslashes.
      size_t LineEnd = I - 1;
      size_t Start = Text.rfind('\n', LineEnd == 0 ? 0 : LineEnd - 1);
      Start = Start == llvm::StringRef::npos || LineEnd == 0 ? 0 : Start + 1;
      if (Text.slice(Start, LineEnd).ltrim(" \t").starts_with("#"))
        break;
      --I;
      continue;
    }
    if (!isIdentifierChar(C) && C != ' ' && C != '\t' && C != '*' && C != '\r')
      return std::nullopt;
    --I;
  }
  llvm::StringRef Specs = Text.slice(I, Offset).trim();
  if (Specs.empty() || !llvm::any_of(Specs, isIdentifierChar))
    return std::nullopt;
  return Specs;
}

} // namespace

std::optional<bool> findPrototype(llvm::StringRef Text, unsigned Begin,
                                  unsigned End, llvm::StringRef Name) {
  auto Found = findPrototypes(Text, Begin, End, {Name.str()});
  if (Found.empty())
    return std::nullopt;
  return Found.front().ReturnsVoid;
}

std::vector<Prototype> findPrototypes(llvm::StringRef Text, unsigned Begin,
                                      unsigned End,
                                      const std::set<std::string> &Names) {
  std::vector<Prototype> Out;
  llvm::StringRef Range = Text.slice(Begin, End);
  for (const auto &[At, Name] : findIdentifiers(Range, Names)) {
    size_t Offset = Begin + At;
    if (inDirectiveLine(Text, Offset))
      continue;
    auto Specs = specifiersBefore(Text, Offset);
    if (!Specs)
      continue;
    // `(PARAMS);` after the name.
    size_t I = Offset + Name.size();
    while (I < Text.size() && std::isspace(static_cast<unsigned char>(Text[I])))
      ++I;
    if (I >= Text.size() || Text[I] != '(')
      continue;
    // A ';', '{' or '#' before the ')' ends it: not a prototype.
    size_t Close = matchingClose(Text, I, "(", ")");
    if (Close == llvm::StringRef::npos ||
        Text.slice(I, Close).find_first_of(";{#") != llvm::StringRef::npos)
      continue;
    I = Close + 1;
    while (I < Text.size() && std::isspace(static_cast<unsigned char>(Text[I])))
      ++I;
    if (I >= Text.size() || Text[I] != ';')
      continue;
    llvm::StringRef Last = *Specs;
    size_t W = Last.size();
    while (W > 0 && isIdentifierChar(Last[W - 1]))
      --W;
    Out.push_back({static_cast<unsigned>(Offset), Name,
                   !Specs->contains('*') && Last.substr(W) == "void"});
  }
  return Out;
}

} // namespace varsim::rewrite
