//===- support/JsonError.h - llvm::json errors, located ---------*- C++ -*-===//
//
// llvm::json::parse reports where a document breaks inside its message
// ("[3:17, byte=40]: Expected , or }"). The readers of varsim's JSON files
// (run index, manifest, MODEL.json) turn that into the project's one error
// style, `file:3:17: error: malformed JSON: expected , or }`.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_SUPPORT_JSONERROR_H
#define VARSIM_SUPPORT_JSONERROR_H

#include "support/Diagnostic.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"

#include <string>

namespace varsim {

/// The error of llvm::json::parse on the file Path, as `Path:L:C: error:
/// What: MESSAGE` (`Path: error: ...` when the position is not known).
inline llvm::Error locatedJsonError(llvm::StringRef Path, llvm::Error E,
                                    llvm::StringRef What = "malformed JSON") {
  std::string Text = llvm::toString(std::move(E));
  llvm::StringRef Rest(Text);
  unsigned Line = 0, Column = 0;
  if (Rest.consume_front("[")) {
    auto [Position, Message] = Rest.split("]: ");
    auto [L, C] = Position.split(',').first.split(':');
    if (!L.getAsInteger(10, Line) && !C.getAsInteger(10, Column))
      Rest = Message;
    else
      Line = Column = 0, Rest = Text;
  }
  std::string Message = Rest.str();
  if (!Message.empty())
    Message[0] = llvm::toLower(Message[0]);
  return makeError(Path, Line, Column, What + ": " + Message);
}

} // namespace varsim

#endif // VARSIM_SUPPORT_JSONERROR_H
