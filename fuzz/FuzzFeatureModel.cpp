//===- fuzz/FuzzFeatureModel.cpp - FeatureIDE and SPL Conqueror readers ---===//
//
// Any bytes as a feature model (the root element picks the reader): either
// a located error, or a model whose semantics can be asked without a
// crash. Seeds: fuzz/corpus/featureide, fuzz/corpus/splconqueror.
//
//===----------------------------------------------------------------------===//

#include "feature_models/FeatureModel.h"
#include "feature_models/Validity.h"
#include "support/Diagnostic.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto M = varsim::fm::parseFeatureModel(Text, "fuzz.xml");
  if (!M) {
    std::string Message = varsim::errorToString(M.takeError());
    if (Message.find("error: ") == std::string::npos)
      std::abort();
    return 0;
  }
  // The BDD questions the commands ask; kept to small models so that one
  // input stays fast.
  if (M->features().size() > 48)
    return 0;
  llvm::consumeError(varsim::fm::requireValidConfiguration(*M));
  (void)M->count();
  (void)M->coreFeatures();
  (void)M->deadFeatures();
  (void)M->constraintTexts();
  if (auto D = M->defaultConfiguration()) {
    std::string Config = M->format(*D);
    auto Again = M->parseConfig(Config);
    if (!Again)
      std::abort(); // A configuration it printed must read back.
    llvm::consumeError(M->check(*Again));
  }
  auto C = M->parseConfig(Text.take_front(64));
  if (C)
    llvm::consumeError(M->check(*C));
  else
    llvm::consumeError(C.takeError());
  return 0;
}
