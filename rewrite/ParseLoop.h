//===- rewrite/ParseLoop.h - The parse loop of the rewrite's passes -*- C++
//-*-===//
//
// Every pass that parses does so over translation units x configurations,
// each parse independent of the others: one loop runs them on a pool of
// threads, so that the pool's size and its waiting live in one place.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_PARSELOOP_H
#define VARSIM_REWRITE_PARSELOOP_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>

namespace varsim::rewrite {

/// Runs Parse(I) for every I in [0, N) on up to Jobs threads (at most the
/// machine's), and returns when every call has returned. Parse must only
/// write to its own I's results.
void parseInParallel(unsigned Jobs, size_t N,
                     llvm::function_ref<void(size_t)> Parse);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_PARSELOOP_H
