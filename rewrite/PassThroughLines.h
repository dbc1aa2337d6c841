//===- rewrite/PassThroughLines.h - Lines of lowered texts ------*- C++ -*-===//
//
// A lowering that adds lines to a file's text (the pass-through macros'
// `#ifdef X` / args / `#endif` at each use) ends them with `#line N`, so
// that the compiler numbers the following lines as the user's file does.
// The rewriter's own scans count physical lines; what they report must
// say the user's line: this maps one to the other, as `#line` does.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_PASSTHROUGHLINES_H
#define VARSIM_REWRITE_PASSTHROUGHLINES_H

#include "llvm/ADT/StringRef.h"

#include <vector>

namespace varsim::rewrite {

/// The line numbering `#line N` directives give a text.
class PresumedLines {
public:
  explicit PresumedLines(llvm::StringRef Text);

  /// The line the compiler reports for physical line Physical (1-based).
  unsigned operator()(unsigned Physical) const;

private:
  std::vector<int> Shift; ///< Per physical line: presumed - physical.
};

/// The line of Offset in Text as the compiler numbers it: each `#line N`
/// makes the line after it N; the physical line where there is none.
unsigned presumedLine(llvm::StringRef Text, size_t Offset);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_PASSTHROUGHLINES_H
