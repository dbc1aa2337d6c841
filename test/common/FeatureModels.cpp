//===- test/common/FeatureModels.cpp - Feature models for tests -----------===//

#include "test/common/FeatureModels.h"

namespace varsim::test {

std::string optionalFeaturesModel(llvm::ArrayRef<std::string> Names,
                                  llvm::StringRef Extra,
                                  llvm::StringRef Constraints) {
  std::string S = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<featureModel>"
                  "\n  <struct>\n    <and abstract=\"true\" mandatory=\"true\" "
                  "name=\"Root\">\n";
  for (const std::string &N : Names)
    S += "      <feature name=\"" + N + "\"/>\n";
  S += Extra.str();
  S += "    </and>\n  </struct>\n";
  if (!Constraints.empty())
    S += "  <constraints>\n" + Constraints.str() + "  </constraints>\n";
  return S + "</featureModel>\n";
}

} // namespace varsim::test
