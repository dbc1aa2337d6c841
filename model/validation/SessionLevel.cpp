//===- model/validation/SessionLevel.cpp - The model at today's level -----===//

#include "model/validation/SessionLevel.h"

#include <vector>

namespace varsim::validation {

std::optional<SessionLevel> sessionLevel(const ValidationPlan &Plan,
                                         const ValidationResult &Result,
                                         const fm::Configuration &Reference) {
  std::optional<size_t> At;
  for (size_t I = 0; I < Plan.Variants.size() && I < Result.Variants.size();
       ++I) {
    const VariantResult &V = Result.Variants[I];
    if (Plan.Variants[I].Configuration == Reference && V.Measured &&
        V.Predicted && *V.Measured > 0 && *V.Predicted > 0) {
      At = I;
      break;
    }
  }
  if (!At)
    return std::nullopt;
  SessionLevel L;
  L.Config = Plan.Variants[*At].Config;
  L.MeasuredSeconds = *Result.Variants[*At].Measured;
  L.PredictedSeconds = *Result.Variants[*At].Predicted;
  double Scale = L.MeasuredSeconds / L.PredictedSeconds;
  std::vector<double> Predicted, Measured;
  for (size_t I = 0; I < Plan.Variants.size() && I < Result.Variants.size();
       ++I) {
    const VariantResult &V = Result.Variants[I];
    if (I == *At || !Plan.Variants[I].InSample || !V.Measured || !V.Predicted)
      continue;
    Predicted.push_back(*V.Predicted * Scale);
    Measured.push_back(*V.Measured);
  }
  L.Scaled = score(Predicted, Measured);
  return L;
}

} // namespace varsim::validation
