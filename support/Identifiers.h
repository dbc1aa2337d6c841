//===- support/Identifiers.h - C identifier characters ------*- C++ -*-===//
//
// The one test of identifier characters that every lexical scan of C and
// C++ text uses (conditions, directive lines, source text), so that they
// all agree on where a name ends.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_SUPPORT_IDENTIFIERS_H
#define VARSIM_SUPPORT_IDENTIFIERS_H

#include <cctype>

namespace varsim {

/// A character that may continue an identifier (letters, digits, '_').
inline bool isIdentifierChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

/// A character that may start an identifier (letters, '_').
inline bool isIdentifierStart(char C) {
  return std::isalpha(static_cast<unsigned char>(C)) || C == '_';
}

} // namespace varsim

#endif // VARSIM_SUPPORT_IDENTIFIERS_H
