//===- feature_models/BuddyManager.h - BuDDy's global state -----*- C++ -*-===//
//
// Private to feature_models/. BuDDy keeps one global node table and one
// global variable count, prints garbage-collection statistics and calls
// exit() on errors by default. This wrapper initializes it once, silences
// it, records errors instead of exiting, grows the variable count on demand,
// and serializes access with one lock (BuDDy is not thread-safe; every
// feature-model operation that touches a BDD, including copying or
// destroying one, holds this lock).
//
// Several feature models share the table: each uses the variables
// 0..N-1 of its own, so their BDDs never meet.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_FEATURE_MODELS_BUDDYMANAGER_H
#define VARSIM_FEATURE_MODELS_BUDDYMANAGER_H

#include <bdd.h>

#include <mutex>
#include <optional>
#include <string>

namespace varsim::fm::buddy {

/// The lock that guards every use of BuDDy.
std::recursive_mutex &lock();

/// Initializes BuDDy if needed and makes sure it has at least N variables.
/// Call with lock() held.
void ensureVariables(int N);

/// The first BuDDy error since the last call, if any (then cleared).
std::optional<std::string> takeError();

} // namespace varsim::fm::buddy

#endif // VARSIM_FEATURE_MODELS_BUDDYMANAGER_H
