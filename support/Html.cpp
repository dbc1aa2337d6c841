//===- support/Html.cpp - Text inside HTML and SVG ------------------------===//

#include "support/Html.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace varsim {

std::string htmlEscape(llvm::StringRef S) {
  std::string Clean;
  Clean.reserve(S.size());
  for (char C : S) {
    unsigned char U = static_cast<unsigned char>(C);
    if ((U < 0x20 && C != '\t' && C != '\n' && C != '\r') || U == 0x7f)
      Clean += "\xEF\xBF\xBD"; // U+FFFD
    else
      Clean += C;
  }
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  llvm::printHTMLEscaped(Clean, OS);
  return Out;
}

} // namespace varsim
