//===- support/ErrorText.h - An error's message, no place ---*- C++ -*-===//

#ifndef VARSIM_SUPPORT_ERRORTEXT_H
#define VARSIM_SUPPORT_ERRORTEXT_H

#include "llvm/Support/Error.h"

#include <string>

namespace varsim {

/// The messages of E without their places and "error:" (for wrapping an
/// error about the same file: "cannot write the model: No space left on
/// device"), joined by "; ". Consumes E.
std::string errorText(llvm::Error E);

} // namespace varsim

#endif // VARSIM_SUPPORT_ERRORTEXT_H
