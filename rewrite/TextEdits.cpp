//===- rewrite/TextEdits.cpp - Replacements in one file's text ------------===//

#include "rewrite/TextEdits.h"

#include "support/Diagnostic.h"

namespace varsim::rewrite {

llvm::Expected<std::string> applyTextEdits(llvm::StringRef File,
                                           llvm::StringRef Text, unsigned Base,
                                           const std::set<TextEdit> &Edits,
                                           llvm::StringRef What) {
  std::string Out;
  unsigned Pos = 0;
  for (const TextEdit &E : Edits) {
    unsigned At = E.Offset - Base;
    if (E.Offset < Base || At < Pos || At + E.Length > Text.size())
      return makeError(File + ": internal error: overlapping " + What +
                       " edits at offset " + std::to_string(E.Offset));
    Out += Text.substr(Pos, At - Pos);
    Out += E.Text;
    Pos = At + E.Length;
  }
  Out += Text.substr(Pos);
  return Out;
}

} // namespace varsim::rewrite
