//===- test/common/FeatureModels.h - Feature models for tests ---*- C++ -*-===//

#ifndef VARSIM_TEST_COMMON_FEATUREMODELS_H
#define VARSIM_TEST_COMMON_FEATUREMODELS_H

#include "feature_models/FeatureModel.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <gtest/gtest.h>

#include <string>

namespace varsim::test {

/// A FeatureIDE model.xml: an abstract mandatory root over optional
/// features Names, then Extra (e.g. `<alt ...>` groups) inside the root,
/// then Constraints (`<rule>` elements), if any, in `<constraints>`.
std::string optionalFeaturesModel(llvm::ArrayRef<std::string> Names,
                                  llvm::StringRef Extra = "",
                                  llvm::StringRef Constraints = "");

/// The feature model of a FeatureIDE or SPL Conqueror text; a parse error
/// fails the test and gives an empty model.
inline fm::FeatureModel parsedModel(llvm::StringRef Xml) {
  auto M = fm::parseFeatureModel(Xml, "test.xml");
  if (!M) {
    ADD_FAILURE() << errorToString(M.takeError());
    return fm::FeatureModel::inferFromMacros({});
  }
  return std::move(*M);
}

} // namespace varsim::test

#endif // VARSIM_TEST_COMMON_FEATUREMODELS_H
