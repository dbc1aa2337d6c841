//===- rewrite/DerivedMacros.cpp - Macros derived from features -----------===//

#include "rewrite/DerivedMacros.h"

namespace varsim::rewrite {

llvm::Error resolveDerivedMacros(std::map<std::string, FileStructure> &,
                                 const FeatureSetup &) {
  return llvm::Error::success();
}

} // namespace varsim::rewrite
