//===- support/Utf8Path.cpp - File names varsim can write down ------------===//

#include "support/Utf8Path.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

namespace varsim {

std::string printablePath(llvm::StringRef Path) {
  std::string Out;
  while (!Path.empty()) {
    size_t Bad = 0;
    if (llvm::json::isUTF8(Path, &Bad))
      return Out + Path.str();
    Out += Path.take_front(Bad).str();
    Out += "\\x" + llvm::utohexstr(static_cast<unsigned char>(Path[Bad]),
                                   /*LowerCase=*/false, 2);
    Path = Path.drop_front(Bad + 1);
  }
  return Out;
}

llvm::Error requireUtf8Path(llvm::StringRef Path, llvm::StringRef What) {
  size_t Bad = 0;
  if (llvm::json::isUTF8(Path, &Bad))
    return llvm::Error::success();
  return makeError(
      printablePath(Path), 0, 0,
      "the " + What + " name is not valid UTF-8 (byte 0x" +
          llvm::utohexstr(static_cast<unsigned char>(Path[Bad]),
                          /*LowerCase=*/false, 2) +
          "): varsim writes file names into JSON (the manifest, the "
          "simulator's compile database, the traces' region table), which "
          "holds UTF-8 only, and clang's compile-database reader refuses "
          "other bytes; rename it to a UTF-8 name (e.g. with convmv -f "
          "latin1 -t utf8)");
}

} // namespace varsim
