//===- model/validation/FeatureEffects.h - Effects measured and modelled -*-
// C++ -*-===//
//
// Which feature the model is wrong about. Over the measured variants, a
// linear model of the features' main effects is fitted twice by least
// squares: to the measured times and to the model's predictions of the
// same variants. A feature whose two effects differ beyond the measured
// effect's standard error (the residual's, in these variants' design) is
// one the simulator does not measure as its variants run: typically a
// feature that changes how the compiler optimises code that runs in every
// configuration (Lua's LUAI_ASSERT: +0.10 s in the variants, +0.02 s in
// the model, since the simulator compiles every configuration's assertions
// into its interpreter loop at once), or one whose effect sits in code the
// plan did not observe with it. The report names them; prediction does not
// use them.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_VALIDATION_FEATUREEFFECTS_H
#define VARSIM_MODEL_VALIDATION_FEATUREEFFECTS_H

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>
#include <vector>

namespace varsim::validation {

struct FeatureEffect {
  std::string Feature;
  double Measured = 0; ///< Seconds per unit of the feature's value.
  double Modelled = 0;
  /// The standard error of Measured (the main-effects fit's residual in
  /// this design); nullopt without residual degrees of freedom.
  std::optional<double> StandardError;
  /// |Measured - Modelled| beyond 2 standard errors and 1 % of the
  /// variants' mean time.
  bool Differs = false;
};

/// The main effects of each feature that varies among the rows of X (one
/// value per feature name) in the Measured and the Predicted times; empty
/// with fewer rows than effects plus one. Features whose column is a
/// combination of the others' in these rows are left out.
std::vector<FeatureEffect>
compareFeatureEffects(llvm::ArrayRef<std::string> FeatureNames,
                      llvm::ArrayRef<std::vector<double>> X,
                      llvm::ArrayRef<double> Measured,
                      llvm::ArrayRef<double> Predicted);

} // namespace varsim::validation

#endif // VARSIM_MODEL_VALIDATION_FEATUREEFFECTS_H
