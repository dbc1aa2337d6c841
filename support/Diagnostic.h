//===- support/Diagnostic.h - Located errors and diagnostics ----*- C++ -*-===//
//
// One error style for all of varsim: libraries return llvm::Error /
// llvm::Expected; an error that has a place in a file is a LocatedError and
// prints the way clang prints it: `file:line:col: error: message`. The
// driver is the only place that prints errors and chooses exit codes.
//
// Files are written with llvm::writeToOutput (temporary name, then rename),
// so that a failure never leaves half a file behind.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_SUPPORT_DIAGNOSTIC_H
#define VARSIM_SUPPORT_DIAGNOSTIC_H

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace varsim {

/// A position in a file. Line and column are 1-based; 0 means "unknown" and
/// is left out of the printed form (`file: error:` or `file:line: error:`).
struct SourcePoint {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;

  /// `file:line:col`, `file:line` or `file`, as much as is known.
  std::string str() const;
};

/// An error with a place in a file.
class LocatedError : public llvm::ErrorInfo<LocatedError> {
public:
  static char ID;

  LocatedError(SourcePoint Where, std::string Message)
      : Where(std::move(Where)), Message(std::move(Message)) {}

  const SourcePoint &where() const { return Where; }
  const std::string &text() const { return Message; }

  /// Prints `file:line:col: error: message`.
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;

private:
  SourcePoint Where;
  std::string Message;
};

/// Creates a LocatedError.
llvm::Error makeError(SourcePoint Where, const llvm::Twine &Message);
inline llvm::Error makeError(llvm::StringRef File, unsigned Line,
                             unsigned Column, const llvm::Twine &Message) {
  return makeError(SourcePoint{File.str(), Line, Column}, Message);
}

/// Creates an error without a place (`error: message` when printed).
llvm::Error makeError(const llvm::Twine &Message);

/// Prints every error in E to OS as clang does and consumes E. Errors
/// without a place are prefixed with `varsim: error: `.
void reportError(llvm::Error E, llvm::raw_ostream &OS = llvm::errs());

/// Prints `file:line:col: warning: message` (or `varsim: warning: message`).
void reportWarning(const SourcePoint &Where, const llvm::Twine &Message,
                   llvm::raw_ostream &OS = llvm::errs());
void reportWarning(const llvm::Twine &Message,
                   llvm::raw_ostream &OS = llvm::errs());

/// Renders an error to a string (`file:line:col: error: message`, one line per
/// error) and consumes it. For tests and for embedding in reports.
std::string errorToString(llvm::Error E);

} // namespace varsim

#endif // VARSIM_SUPPORT_DIAGNOSTIC_H
