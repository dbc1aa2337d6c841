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

TEST(ValidationSampling, BaselineTrainingSamplesNumericValues) {
  // LEVEL takes 0..3 (default 1); the feature-wise and pair-wise samples
  // leave it at its default. The black box must see its other values, 0
  // included, or it cannot fit it.
  llvm::SmallString<128> Path;
  int FD = 0;
  ASSERT_FALSE(
      llvm::sys::fs::createTemporaryFile("numeric", "xml", FD, Path));
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << R"(<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <feature mandatory="true" name="LEVEL">
      <property key="type" value="numeric"/>
      <property key="values" value="0,1,2,3"/>
      <property key="default" value="1"/>
    </feature>
    <feature name="FAST"/>
  </and></struct></featureModel>)";
  }
  llvm::Expected<fm::FeatureModel> M = fm::loadFeatureModel(Path);
  llvm::sys::fs::remove(Path);
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

} // namespace
