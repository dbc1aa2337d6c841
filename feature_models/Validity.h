//===- feature_models/Validity.h - Models without a program -*- C++ -*-===//

#ifndef VARSIM_FEATURE_MODELS_VALIDITY_H
#define VARSIM_FEATURE_MODELS_VALIDITY_H

#include "feature_models/FeatureModel.h"

namespace varsim::fm {

/// Success if M has at least one valid configuration; otherwise an error at
/// M's file that says so and lists the cross-tree constraints to look at
/// (a model whose tree and constraints contradict each other describes no
/// program: the rewrite, plan and run refuse it, `varsim features` warns).
llvm::Error requireValidConfiguration(const FeatureModel &M);

} // namespace varsim::fm

#endif // VARSIM_FEATURE_MODELS_VALIDITY_H
