//===- test/common/FeatureModels.h - Feature models for tests ---*- C++ -*-===//

#ifndef VARSIM_TEST_COMMON_FEATUREMODELS_H
#define VARSIM_TEST_COMMON_FEATUREMODELS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace varsim::test {

/// A FeatureIDE model.xml: an abstract mandatory root over optional
/// features Names, then Extra (e.g. `<alt ...>` groups) inside the root,
/// then Constraints (`<rule>` elements), if any, in `<constraints>`.
std::string optionalFeaturesModel(llvm::ArrayRef<std::string> Names,
                                  llvm::StringRef Extra = "",
                                  llvm::StringRef Constraints = "");

} // namespace varsim::test

#endif // VARSIM_TEST_COMMON_FEATUREMODELS_H
