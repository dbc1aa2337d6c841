//===- test/validation/SessionLevelTest.cpp - The model at today's level --===//

#include "model/validation/SessionLevel.h"
#include "model/validation/Report.h"

#include <gtest/gtest.h>

using namespace varsim;
using namespace varsim::validation;

namespace {

fm::Configuration config(bool A, bool B) { return {{true, A, B}, {0, 0, 0}}; }

/// Three measured variants, each 10 % slower than the model predicts (the
/// machine slowed down since `varsim run`), and one that failed to build.
struct Fixture {
  ValidationPlan Plan;
  ValidationResult Result;

  Fixture() {
    const std::pair<const char *, fm::Configuration> Specs[] = {
        {"", config(false, false)},
        {"A", config(true, false)},
        {"B", config(false, true)},
        {"A,B", config(true, true)}};
    for (const auto &[Name, C] : Specs) {
      VariantSpec S;
      S.Config = Name;
      S.Configuration = C;
      Plan.Variants.push_back(S);
    }
    Result.Variants.resize(4);
    const double Predicted[] = {1.0, 1.5, 2.0};
    for (size_t I = 0; I < 3; ++I) {
      Result.Variants[I].Predicted = Predicted[I];
      Result.Variants[I].Measured = 1.1 * Predicted[I];
    }
    Result.Variants[3].Status = VariantStatus::BuildFailed;
    Result.Variants[3].Predicted = 2.5;
    Result.Model = score(std::vector<double>{1.0, 1.5, 2.0},
                         std::vector<double>{1.1, 1.65, 2.2});
  }
};

} // namespace

TEST(SessionLevel, TheReferencesMeasurementGivesTheModelThisSessionsLevel) {
  Fixture F;
  std::optional<SessionLevel> L =
      sessionLevel(F.Plan, F.Result, config(true, false));
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Config, "A");
  EXPECT_DOUBLE_EQ(L->MeasuredSeconds, 1.65);
  EXPECT_DOUBLE_EQ(L->PredictedSeconds, 1.5);
  EXPECT_NEAR(L->shiftPercent(), 10.0, 1e-9);
  // The other two measured variants, scaled by 1.1: exact. The plain MAPE
  // counts the machine's 10 % as the model's error.
  EXPECT_EQ(L->Scaled.Count, 2u);
  EXPECT_NEAR(*L->Scaled.Mape, 0.0, 1e-9);
  EXPECT_NEAR(*F.Result.Model.Mape, 100.0 / 11, 1e-9);
}

TEST(SessionLevel, NoneWhenTheReferenceWasNotMeasured) {
  Fixture F;
  EXPECT_FALSE(sessionLevel(F.Plan, F.Result, config(true, true)));
  fm::Configuration Other = {{true, false, false, true}, {0, 0, 0, 0}};
  EXPECT_FALSE(sessionLevel(F.Plan, F.Result, Other));
}

TEST(SessionLevel, TheTableAndTheSummarySayIt) {
  Fixture F;
  ReportContext Context;
  Context.ModelPath = "model.json";
  Context.Level = sessionLevel(F.Plan, F.Result, config(false, false));
  ASSERT_TRUE(Context.Level);
  std::string Table;
  llvm::raw_string_ostream OS(Table);
  printTable(F.Plan, F.Result, Context, OS);
  EXPECT_NE(Table.find("model at this session's level: the native reference "
                       "'(none)' measured 1.100 s here"),
            std::string::npos)
      << Table;
  EXPECT_NE(Table.find("(+10.0 %"), std::string::npos) << Table;
  std::string Summary = renderSummaryCsv(F.Plan, F.Result, Context);
  EXPECT_NE(Summary.find("reference_shift_pct,10\n"), std::string::npos)
      << Summary;
  EXPECT_NE(Summary.find("model_at_session_level_mape_pct,0\n"),
            std::string::npos)
      << Summary;
}
