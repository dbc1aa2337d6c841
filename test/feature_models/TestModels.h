//===- test/feature_models/TestModels.h - Shared test helpers ---*- C++ -*-===//

#ifndef VARSIM_TEST_FEATURE_MODELS_TESTMODELS_H
#define VARSIM_TEST_FEATURE_MODELS_TESTMODELS_H

#include "feature_models/FeatureModel.h"

#include <set>
#include <string>
#include <vector>

namespace varsim::fm::test {

/// The path of a model in test/feature_models/models.
std::string modelPath(const std::string &Name);

/// Loads a model from test/feature_models/models; fails the test on error.
FeatureModel load(const std::string &Name);

/// Parses XML text; returns the error message ("" on success).
std::string parseError(const std::string &Xml,
                       const std::string &Path = "bad.xml");

/// Every valid configuration, as CONFIG strings, by enumeration.
std::vector<std::string> validConfigs(const FeatureModel &M);

/// Every valid configuration by brute force over all assignments, judged by
/// check() (which reads the tree and constraints, not the BDD).
std::vector<std::string> bruteForceValid(const FeatureModel &M);

/// Parses and checks a CONFIG; returns "" if valid, else the message.
std::string checkConfig(const FeatureModel &M, const std::string &Config);

} // namespace varsim::fm::test

#endif
