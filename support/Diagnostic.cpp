//===- support/Diagnostic.cpp - Located errors and diagnostics ------------===//

#include "support/Diagnostic.h"
#include "support/ErrorText.h"

#include "llvm/Support/WithColor.h"

namespace varsim {

char LocatedError::ID = 0;

std::string SourcePoint::str() const {
  std::string S = File;
  if (Line != 0) {
    S += ':' + std::to_string(Line);
    if (Column != 0)
      S += ':' + std::to_string(Column);
  }
  return S;
}

void LocatedError::log(llvm::raw_ostream &OS) const {
  if (!Where.File.empty())
    OS << Where.str() << ": ";
  OS << "error: " << Message;
}

std::error_code LocatedError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

llvm::Error makeError(SourcePoint Where, const llvm::Twine &Message) {
  return llvm::make_error<LocatedError>(std::move(Where), Message.str());
}

llvm::Error makeError(const llvm::Twine &Message) {
  return llvm::make_error<LocatedError>(SourcePoint{}, Message.str());
}

void reportError(llvm::Error E, llvm::raw_ostream &OS) {
  llvm::handleAllErrors(
      std::move(E),
      [&](const LocatedError &L) {
        if (L.where().File.empty())
          OS << "varsim: ";
        L.log(OS);
        OS << '\n';
      },
      [&](const llvm::ErrorInfoBase &Other) {
        OS << "varsim: error: " << Other.message() << '\n';
      });
  OS.flush();
}

void reportWarning(const SourcePoint &Where, const llvm::Twine &Message,
                   llvm::raw_ostream &OS) {
  OS << (Where.File.empty() ? std::string("varsim") : Where.str())
     << ": warning: " << Message << '\n';
}

void reportWarning(const llvm::Twine &Message, llvm::raw_ostream &OS) {
  reportWarning(SourcePoint{}, Message, OS);
}

std::string errorToString(llvm::Error E) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  llvm::handleAllErrors(std::move(E), [&](const llvm::ErrorInfoBase &Info) {
    if (!S.empty())
      OS << '\n';
    Info.log(OS);
  });
  return S;
}

std::string errorText(llvm::Error E) {
  std::string S;
  llvm::handleAllErrors(
      std::move(E),
      [&](const LocatedError &L) { S += (S.empty() ? "" : "; ") + L.text(); },
      [&](const llvm::ErrorInfoBase &Other) {
        S += (S.empty() ? "" : "; ") + Other.message();
      });
  return S;
}

} // namespace varsim
