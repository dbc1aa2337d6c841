//===- rewrite/globals/GlobalVariants.cpp - File-scope variability --------===//

#include "rewrite/globals/GlobalVariants.h"

namespace varsim::rewrite::globals {

llvm::Expected<GlobalsResult> lowerGlobalVariability(const GlobalsInput &) {
  return GlobalsResult{};
}

} // namespace varsim::rewrite::globals
