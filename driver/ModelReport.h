//===- driver/ModelReport.h - varsim model's notes --------------*- C++ -*-===//
//
// The notes and warnings `varsim model` prints on stderr after the terms:
// the model's own warnings, dropped terms, the run-to-run noise the
// repetitions showed, the local models, and likely data-flow interactions.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_DRIVER_MODELREPORT_H
#define VARSIM_DRIVER_MODELREPORT_H

#include "model/PerformanceModel.h"

namespace varsim::driver {

/// Prints M's notes and warnings (support/Diagnostic.h) on stderr.
void reportModel(const model::PerformanceModel &M);

} // namespace varsim::driver

#endif // VARSIM_DRIVER_MODELREPORT_H
