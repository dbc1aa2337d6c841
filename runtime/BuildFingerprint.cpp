//===- runtime/BuildFingerprint.cpp - Which rewrite a simulator is --------===//

#include "runtime/BuildFingerprint.h"

#include "llvm/ADT/StringExtras.h"

#include <array>

namespace varsim::runtime {

void BuildFingerprint::add(llvm::StringRef Name, llvm::StringRef Bytes) {
  // Length-prefixed, so that no two sequences of inputs hash the same
  // bytes ("ab" + "c" is not "a" + "bc").
  auto Frame = [&](llvm::StringRef S) {
    std::string Size = std::to_string(S.size()) + ":";
    Hash.update(Size);
    Hash.update(S);
  };
  Frame(Name);
  Frame(Bytes);
}

std::string BuildFingerprint::finish() {
  std::array<uint8_t, 32> Digest = Hash.final();
  return llvm::toHex(llvm::ArrayRef<uint8_t>(Digest).take_front(8),
                     /*LowerCase=*/true);
}

} // namespace varsim::runtime
