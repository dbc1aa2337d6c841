//===- feature_models/BuddyManager.cpp - BuDDy's global state -------------===//

#include "feature_models/BuddyManager.h"

namespace varsim::fm::buddy {
namespace {

std::optional<std::string> &pendingError() {
  static std::optional<std::string> E;
  return E;
}

void recordError(int Code) {
  if (!pendingError())
    pendingError() = std::string("BDD package: ") + bdd_errstring(Code);
}

void ignoreGarbageCollection(int, bddGbcStat *) {}

} // namespace

std::recursive_mutex &lock() {
  static std::recursive_mutex M;
  return M;
}

void ensureVariables(int N) {
  if (!bdd_isrunning()) {
    bdd_error_hook(recordError);
    // Sized for models of a few hundred features; the table grows itself.
    bdd_init(1 << 18, 1 << 15);
    bdd_gbc_hook(ignoreGarbageCollection);
    bdd_setmaxincrease(1 << 22);
    bdd_setcacheratio(8);
  }
  if (N > bdd_varnum())
    bdd_setvarnum(N);
}

std::optional<std::string> takeError() {
  std::optional<std::string> E = std::move(pendingError());
  pendingError().reset();
  return E;
}

} // namespace varsim::fm::buddy
