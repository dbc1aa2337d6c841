//===- rewrite/PassThroughLines.cpp - Lines of lowered texts --------------===//

#include "rewrite/PassThroughLines.h"

namespace varsim::rewrite {

PresumedLines::PresumedLines(llvm::StringRef Text) {
  // `#line N` (optionally with a file name) makes the next line N.
  Shift.push_back(0);
  int Current = 0;
  llvm::StringRef Rest = Text;
  unsigned Line = 1;
  while (true) {
    auto [L, Next] = Rest.split('\n');
    Shift.push_back(Current);
    llvm::StringRef T = L.ltrim(" \t");
    if (T.consume_front("#")) {
      T = T.ltrim(" \t");
      unsigned N = 0;
      if (T.consume_front("line") && !T.empty() &&
          (T.front() == ' ' || T.front() == '\t') &&
          !T.ltrim(" \t").consumeInteger(10, N))
        Current = static_cast<int>(N) - static_cast<int>(Line + 1);
    }
    if (Next.data() == nullptr || Rest.size() == L.size())
      break;
    Rest = Next;
    ++Line;
  }
}

unsigned PresumedLines::operator()(unsigned Physical) const {
  if (Physical >= Shift.size())
    return Physical;
  return static_cast<unsigned>(static_cast<int>(Physical) + Shift[Physical]);
}

unsigned presumedLine(llvm::StringRef Text, size_t Offset) {
  unsigned Line = 1;
  for (size_t At = 0; At < Offset && At < Text.size();) {
    size_t EOL = Text.find('\n', At);
    if (EOL == llvm::StringRef::npos || EOL >= Offset)
      break;
    llvm::StringRef L = Text.slice(At, EOL).ltrim(" \t");
    unsigned N = 0;
    if (L.consume_front("#") && (L = L.ltrim(" \t")).consume_front("line") &&
        !(L = L.ltrim(" \t")).consumeInteger(10, N))
      Line = N;
    else
      ++Line;
    At = EOL + 1;
  }
  return Line;
}

} // namespace varsim::rewrite
