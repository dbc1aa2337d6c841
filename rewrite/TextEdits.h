//===- rewrite/TextEdits.h - Replacements in one file's text ----*- C++ -*-===//
//
// The lowerings (templates, globals) collect replacements per file and
// apply them at the end: one edit type and one way to apply a set of them.
// Overlapping edits are an internal error, reported with the file.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEXTEDITS_H
#define VARSIM_REWRITE_TEXTEDITS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <set>
#include <string>
#include <tuple>

namespace varsim::rewrite {

/// Replace Length bytes at Offset with Text (Length 0: insert).
struct TextEdit {
  unsigned Offset = 0, Length = 0;
  std::string Text;
  bool operator<(const TextEdit &O) const {
    return std::tie(Offset, Length, Text) <
           std::tie(O.Offset, O.Length, O.Text);
  }
};

/// Text (the part of File that starts at offset Base) with Edits applied.
/// An edit before Base, past the end of Text or overlapping an earlier
/// one's range is an error naming What ("template lowering").
llvm::Expected<std::string> applyTextEdits(llvm::StringRef File,
                                           llvm::StringRef Text, unsigned Base,
                                           const std::set<TextEdit> &Edits,
                                           llvm::StringRef What);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_TEXTEDITS_H
