//===- model/validation/SessionLevel.h - Today's level ----------*- C++ -*-===//
//-*-===//
//
// A model is as fast as the machine was during `varsim run`: its level
// comes from the native reference measured beside the simulator's runs
// (model/NativeReference.h). This machine's speed drifts by 10-30 % from
// minute to minute, so a validation minutes later can find every variant
// slower or faster than the model by the same factor, which the MAPE then
// counts as the model's error. When the validated sample holds the
// reference configuration, its measurement here says how far the machine
// drifted, and the model scaled by it (one measured variant, the same
// information the linear baseline gets from its training variants) shows
// the model's shape apart from the level. Reported beside the plain MAPE,
// never instead of it.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_VALIDATION_SESSIONLEVEL_H
#define VARSIM_MODEL_VALIDATION_SESSIONLEVEL_H

#include "model/validation/Validation.h"

#include <optional>
#include <string>

namespace varsim::validation {

struct SessionLevel {
  std::string Config;         ///< The reference configuration (CONFIG).
  double MeasuredSeconds = 0; ///< Its variant's measurement here.
  /// The model's prediction of it: the native reference's level beside
  /// `varsim run`.
  double PredictedSeconds = 0;
  /// The model scaled by MeasuredSeconds / PredictedSeconds, over the
  /// sample's other measured variants.
  Accuracy Scaled;

  /// MeasuredSeconds against PredictedSeconds, in per cent (+: the machine
  /// is slower now than during the runs).
  double shiftPercent() const {
    return 100 * (MeasuredSeconds / PredictedSeconds - 1);
  }
};

/// The model's level in this validation, if the sample measured the
/// reference configuration and the model predicts it.
std::optional<SessionLevel> sessionLevel(const ValidationPlan &Plan,
                                         const ValidationResult &Result,
                                         const fm::Configuration &Reference);

} // namespace varsim::validation

#endif // VARSIM_MODEL_VALIDATION_SESSIONLEVEL_H
