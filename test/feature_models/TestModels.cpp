//===- test/feature_models/TestModels.cpp - Shared test helpers -----------===//

#include "TestModels.h"

#include "support/Diagnostic.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

namespace varsim::fm::test {

std::string modelPath(const std::string &Name) {
  return std::string(VARSIM_FM_TEST_MODELS) + "/" + Name;
}

FeatureModel load(const std::string &Name) {
  llvm::Expected<FeatureModel> M = loadFeatureModel(modelPath(Name));
  if (!M) {
    ADD_FAILURE() << errorToString(M.takeError());
    return FeatureModel::inferFromMacros({});
  }
  return std::move(*M);
}

std::string parseError(const std::string &Xml, const std::string &Path) {
  llvm::Expected<FeatureModel> M = parseFeatureModel(Xml, Path);
  if (M)
    return "";
  return errorToString(M.takeError());
}

std::vector<std::string> validConfigs(const FeatureModel &M) {
  std::vector<std::string> R;
  M.forEachValid([&](const Configuration &C) {
    R.push_back(M.format(C));
    return true;
  });
  std::sort(R.begin(), R.end());
  return R;
}

std::vector<std::string> bruteForceValid(const FeatureModel &M) {
  const std::vector<Feature> &Fs = M.features();
  Configuration C;
  C.Selected.assign(Fs.size(), false);
  C.Values.assign(Fs.size(), 0);
  std::vector<std::string> R;
  std::function<void(FeatureId)> Visit = [&](FeatureId F) {
    if (F == Fs.size()) {
      if (llvm::Error E = M.check(C))
        llvm::consumeError(std::move(E));
      else
        R.push_back(M.format(C));
      return;
    }
    C.Selected[F] = false;
    C.Values[F] = 0;
    Visit(F + 1);
    C.Selected[F] = true;
    if (Fs[F].Kind == FeatureKind::Boolean) {
      Visit(F + 1);
    } else {
      for (int64_t V : Fs[F].Values) {
        C.Values[F] = V;
        Visit(F + 1);
      }
      C.Values[F] = 0;
    }
    C.Selected[F] = false;
  };
  Visit(0);
  std::sort(R.begin(), R.end());
  return R;
}

std::string checkConfig(const FeatureModel &M, const std::string &Config) {
  llvm::Expected<Configuration> C = M.parseConfig(Config);
  if (!C)
    return errorToString(C.takeError());
  if (llvm::Error E = M.check(*C))
    return errorToString(std::move(E));
  return "";
}

} // namespace varsim::fm::test
