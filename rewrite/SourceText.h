//===- rewrite/SourceText.h - Lexical helpers over source text --*- C++ -*-===//
//
// The small lexical questions the rewrite asks of raw source text (before,
// between or without parses): identifier characters, and one scanner that
// walks a text's tokens outside comments and literals. Every pass that
// reads text lexically uses these, so that comments, string and
// character literals, raw strings and pp-numbers are skipped alike.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SOURCETEXT_H
#define VARSIM_REWRITE_SOURCETEXT_H

#include "rewrite/DirectiveScanner.h"
#include "support/Identifiers.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cctype>
#include <string>
#include <utility>
#include <vector>

namespace varsim::rewrite {

using varsim::isIdentifierChar;
using varsim::isIdentifierStart;

/// One token of a source text as the lexical scanners see it.
struct SourceToken {
  enum Kind { Identifier, Number, Literal, Punctuator };
  Kind K = Punctuator;
  unsigned Begin = 0, End = 0; ///< Offsets in the text.
};

/// Calls Visit for each token of Text, in order, outside comments:
/// identifiers, pp-numbers (`0x1Fu`, `1e+5`, `1'000`), string and
/// character literals (raw strings too; a quote left open ends at its
/// line) as one token each, and every other character but white space as
/// one punctuator. A line comment continues over a backslash-newline.
/// Skip: sorted offset ranges passed over whole (directive lines), checked
/// where a token may start.
void forEachToken(llvm::StringRef Text,
                  llvm::function_ref<void(const SourceToken &)> Visit,
                  llvm::ArrayRef<std::pair<unsigned, unsigned>> Skip = {});

/// The offset of the bracket closing the one at Text[Open]: each of Opens
/// nests, each of Closes unnests (`"(["`, `")]"`), comments and literals
/// skipped; npos if it is not closed.
size_t matchingClose(llvm::StringRef Text, size_t Open, llvm::StringRef Opens,
                     llvm::StringRef Closes);

/// The declaration of an old-style (K&R) C definition `int f(n) int n; {`,
/// whose own head declares nothing: Text[DeclBegin, LParen] closed by `)`
/// (`int f()`; its calls are unprototyped either way), on one line, with
/// NewName in place of Text[NameBegin, NameEnd) if that is not empty.
std::string oldStyleDeclaration(llvm::StringRef Text, unsigned DeclBegin,
                                unsigned LParen, unsigned NameBegin = 0,
                                unsigned NameEnd = 0,
                                llvm::StringRef NewName = "");

/// The offset ranges of FS's directive lines, sorted (forEachToken's Skip).
std::vector<std::pair<unsigned, unsigned>>
directiveRanges(const FileStructure &FS);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_SOURCETEXT_H
