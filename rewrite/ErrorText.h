//===- rewrite/ErrorText.h - An error's message, to nest in another -*- C++
//-*-===//
//
// A message built around another error ("cannot duplicate 'f': ...") must
// not repeat the inner error's "error: " prefix: llvm::toString prints a
// LocatedError whole, which gave "error: ...: error: ...".
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_ERRORTEXT_H
#define VARSIM_REWRITE_ERRORTEXT_H

#include "support/Diagnostic.h"

#include "llvm/Support/Error.h"

#include <string>

namespace varsim::rewrite {

/// The message of E without the "error: " prefix (a located inner error
/// keeps its place: "f.c:3:1: message").
inline std::string errorText(llvm::Error E) {
  std::string S;
  llvm::handleAllErrors(
      std::move(E),
      [&](const LocatedError &L) {
        if (!S.empty())
          S += "; ";
        if (!L.where().File.empty())
          S += L.where().str() + ": ";
        S += L.text();
      },
      [&](const llvm::ErrorInfoBase &Other) {
        if (!S.empty())
          S += "; ";
        S += Other.message();
      });
  return S;
}

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_ERRORTEXT_H
