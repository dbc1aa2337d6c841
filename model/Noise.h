//===- model/Noise.h - How large a term must be to be no noise --*- C++ -*-===//
//
// The model's noise rule (a term of k features must exceed NoiseZ standard
// errors of its estimate, SE * sqrt(2^k), SE from the repetitions' ranges)
// lives in callgraph/Noise.h, since the call graph's data-flow suspects
// apply it too; the model names it here.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_NOISE_H
#define VARSIM_MODEL_NOISE_H

#include "callgraph/Noise.h"

namespace varsim::model {

using callgraph::aggregateStandardError;
using callgraph::medianStandardError;
using callgraph::NoiseZ;
using callgraph::sigmaFromRange;
using callgraph::termNoise;

} // namespace varsim::model

#endif // VARSIM_MODEL_NOISE_H
