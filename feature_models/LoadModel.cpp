//===- feature_models/LoadModel.cpp - Reading a model file ----------------===//

#include "feature_models/Readers.h"
#include "feature_models/Validity.h"

#include "support/Diagnostic.h"

#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>

namespace varsim::fm {

llvm::Expected<int64_t> parseInteger(llvm::StringRef Text, llvm::StringRef What,
                                     llvm::StringRef Path, unsigned Line) {
  int64_t N = 0;
  if (Text.trim().getAsInteger(10, N))
    return makeError(Path, Line, 0,
                     "malformed " + What + " '" + Text +
                         "' (expected an integer)");
  return N;
}

std::string errorMessage(llvm::Error E) {
  std::string S;
  llvm::handleAllErrors(
      std::move(E), [&](const LocatedError &L) { S = L.text(); },
      [&](const llvm::ErrorInfoBase &I) { S = I.message(); });
  return S;
}

std::string childText(const tinyxml2::XMLElement &Parent, const char *Name) {
  const tinyxml2::XMLElement *E = Parent.FirstChildElement(Name);
  if (!E || !E->GetText())
    return "";
  return llvm::StringRef(E->GetText()).trim().str();
}

llvm::Expected<FeatureModel> parseFeatureModel(llvm::StringRef XmlText,
                                               llvm::StringRef Path) {
  tinyxml2::XMLDocument Doc;
  if (Doc.Parse(XmlText.data(), XmlText.size()) != tinyxml2::XML_SUCCESS) {
    // ErrorStr() is "Error=... ErrorID=... Line number=N: detail".
    llvm::StringRef Detail = Doc.ErrorStr();
    size_t At = Detail.find("Line number=");
    if (At != llvm::StringRef::npos) {
      size_t Colon = Detail.find(": ", At);
      Detail = Colon == llvm::StringRef::npos ? "" : Detail.substr(Colon + 2);
    }
    std::string Msg = std::string("malformed XML: ") + Doc.ErrorName();
    if (!Detail.empty())
      Msg += " (" + Detail.str() + ")";
    // An empty document has no line; it is reported at line 1.
    return makeError(Path, std::max(1, Doc.ErrorLineNum()), 0, Msg);
  }
  const tinyxml2::XMLElement *Root = Doc.RootElement();
  if (!Root)
    return makeError(Path, 1, 0, "the feature model has no features");
  llvm::StringRef Name = Root->Name();
  if (Name == "featureModel" || Name == "extendedFeatureModel")
    return readFeatureIDE(*Root, Path);
  if (Name == "vm")
    return readSPLConqueror(*Root, Path);
  return makeError(Path, static_cast<unsigned>(Root->GetLineNum()), 0,
                   "unknown root element <" + Name +
                       "> (expected FeatureIDE's <featureModel> or SPL "
                       "Conqueror's <vm>)");
}

llvm::Expected<FeatureModel> loadFeatureModel(llvm::StringRef Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return makeError(Path, 0, 0,
                     "cannot read the feature model: " +
                         Buffer.getError().message());
  return parseFeatureModel((*Buffer)->getBuffer(), Path);
}

llvm::Error requireValidConfiguration(const FeatureModel &M) {
  if (M.isSatisfiable({}))
    return llvm::Error::success();
  std::vector<std::string> Constraints = M.constraintTexts();
  std::string Message = "the feature model has no valid configuration: ";
  if (Constraints.empty()) {
    Message += "its tree alone admits none (a mandatory feature below an "
               "empty alternative group?)";
  } else {
    Message += "its tree and its " + std::to_string(Constraints.size()) +
               " cross-tree constraint" + (Constraints.size() == 1 ? "" : "s") +
               " contradict each other (";
    for (size_t I = 0; I < Constraints.size() && I < 6; ++I)
      Message += (I ? "; " : "") + Constraints[I];
    Message += Constraints.size() > 6 ? "; ...)" : ")";
  }
  return makeError(M.path(), 0, 0, Message);
}

} // namespace varsim::fm
