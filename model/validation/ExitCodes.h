//===- model/validation/ExitCodes.h - Accepted exit codes -------*- C++ -*-===//
//
// The exit codes that count as a successful run of the user's program, as
// given to `--exit-code` of `varsim run` and `varsim validate`: a number, a
// comma-separated list, or `any` (programs whose exit code is their result:
// grep- or diff-like tools, test drivers). A signal is never accepted.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_VALIDATION_EXITCODES_H
#define VARSIM_MODEL_VALIDATION_EXITCODES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace varsim::validation {

class ExitCodes {
public:
  /// Only 0.
  ExitCodes() = default;

  /// Parses "N", "N,M,..." (0-255 each) or "any". The error names the
  /// option: "--exit-code 'x': expected a number 0-255, ...".
  static llvm::Expected<ExitCodes> parse(llvm::StringRef Spec);

  bool accepts(int Code) const;
  bool acceptsAny() const { return Any; }
  /// As it parses back: "0", "0,1", "any".
  std::string str() const;

private:
  bool Any = false;
  std::vector<int> Codes{0};
};

} // namespace varsim::validation

#endif // VARSIM_MODEL_VALIDATION_EXITCODES_H
