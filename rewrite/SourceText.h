//===- rewrite/SourceText.h - Lexical helpers over source text --*- C++ -*-===//
//
// The small lexical questions the rewrite asks of raw source text (before,
// between or without parses).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SOURCETEXT_H
#define VARSIM_REWRITE_SOURCETEXT_H

#include "llvm/ADT/StringRef.h"

#include <cctype>

namespace varsim::rewrite {

/// A character that may continue an identifier (letters, digits, '_').
inline bool isIdentifierChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

/// A character that may start an identifier (letters, '_').
inline bool isIdentifierStart(char C) {
  return std::isalpha(static_cast<unsigned char>(C)) || C == '_';
}

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_SOURCETEXT_H
