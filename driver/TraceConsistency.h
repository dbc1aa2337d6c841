//===- driver/TraceConsistency.h - Traces that prove a wrong simulator ---===//
//
// A region that ran in a run whose configuration makes its condition false
// (callgraph::ConditionViolation) cannot happen in a simulator that
// behaves as its variants: `varsim model` refuses such traces.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_DRIVER_TRACECONSISTENCY_H
#define VARSIM_DRIVER_TRACECONSISTENCY_H

#include "callgraph/CallGraph.h"

namespace varsim::driver {

/// A region that ran where its run's configuration makes its condition
/// false is proof of a simulator that does not behave as its variant
/// (Mbed TLS's AES-NI code timed where the variant ran software AES):
/// a model of it would silently time the wrong code. One located error
/// per region (its first run), false if there is any.
bool refuseInconsistentTraces(const callgraph::CallGraph &CG);

} // namespace varsim::driver

#endif // VARSIM_DRIVER_TRACECONSISTENCY_H
