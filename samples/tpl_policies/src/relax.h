#ifndef TPL_POLICIES_RELAX_H
#define TPL_POLICIES_RELAX_H

#include "policies.h"

// Relaxes the rod's temperatures with the configured solver; returns the
// mean temperature.
double relax(Rod &U);

#endif
