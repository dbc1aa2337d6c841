//===- test/validation/SamplingTest.cpp - Which variants to validate ------===//

#include "model/validation/Sampling.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <set>

using namespace varsim;
using namespace varsim::validation;

namespace {

llvm::Expected<fm::FeatureModel> loadModelText(llvm::StringRef Text) {
  llvm::SmallString<128> Path;
  int FD = 0;
  if (std::error_code EC =
          llvm::sys::fs::createTemporaryFile("model", "xml", FD, Path))
    return llvm::errorCodeToError(EC);
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
  }
  llvm::Expected<fm::FeatureModel> M = fm::loadFeatureModel(Path);
  llvm::sys::fs::remove(Path);
  return M;
}

constexpr llvm::StringLiteral LevelAndFast = R"(<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <feature mandatory="true" name="LEVEL">
      <property key="type" value="numeric"/>
      <property key="values" value="0,1,2,3"/>
      <property key="default" value="1"/>
    </feature>
    <feature name="FAST"/>
  </and></struct></featureModel>)";

TEST(ValidationSampling, BaselineTrainingSamplesNumericValues) {
  // LEVEL takes 0..3 (default 1); the feature-wise and pair-wise samples
  // leave it at its default. The black box must see its other values, 0
  // included, or it cannot fit it.
  llvm::Expected<fm::FeatureModel> M = loadModelText(LevelAndFast);
  ASSERT_TRUE(static_cast<bool>(M)) << errorToString(M.takeError());
  PlanRequest R;
  llvm::Expected<ValidationPlan> P = planValidation(*M, R);
  ASSERT_TRUE(static_cast<bool>(P)) << errorToString(P.takeError());
  size_t Column = 0;
  while (Column < P->FeatureNames.size() && P->FeatureNames[Column] != "LEVEL")
    ++Column;
  ASSERT_LT(Column, P->FeatureNames.size());
  std::set<double> Levels;
  for (const VariantSpec &S : P->Variants)
    if (S.BaselineTraining)
      Levels.insert(S.Features[Column]);
  EXPECT_EQ(Levels, (std::set<double>{0, 1, 2, 3}));
}

TEST(ValidationSampling, TheModelsReferenceIsMeasuredForItsLevel) {
  // Only the named configuration is sampled: the model's native reference
  // (FAST, LEVEL=3) is added, in no sample and no training set, so that
  // the report can put the model at this session's level.
  llvm::Expected<fm::FeatureModel> M = loadModelText(LevelAndFast);
  ASSERT_TRUE(static_cast<bool>(M)) << errorToString(M.takeError());
  auto Reference = M->parseConfig("FAST,LEVEL=3");
  ASSERT_TRUE(static_cast<bool>(Reference))
      << errorToString(Reference.takeError());
  PlanRequest R;
  R.ExtraConfigs = {"LEVEL=2"};
  R.WithBaseline = false;
  R.LevelReference = *Reference;
  llvm::Expected<ValidationPlan> P = planValidation(*M, R);
  ASSERT_TRUE(static_cast<bool>(P)) << errorToString(P.takeError());
  ASSERT_EQ(P->Variants.size(), 2u);
  EXPECT_TRUE(P->Variants[0].InSample);
  EXPECT_FALSE(P->Variants[0].LevelReference);
  const VariantSpec &Level = P->Variants[1];
  EXPECT_EQ(Level.Config, M->format(*Reference));
  EXPECT_TRUE(Level.LevelReference);
  EXPECT_FALSE(Level.InSample);
  EXPECT_FALSE(Level.BaselineTraining);

  // Already in the sample: marked, not measured twice.
  R.ExtraConfigs = {"FAST,LEVEL=3"};
  llvm::Expected<ValidationPlan> Q = planValidation(*M, R);
  ASSERT_TRUE(static_cast<bool>(Q)) << errorToString(Q.takeError());
  ASSERT_EQ(Q->Variants.size(), 1u);
  EXPECT_TRUE(Q->Variants[0].InSample);
  EXPECT_TRUE(Q->Variants[0].LevelReference);
}

} // namespace
