//===- rewrite/ParseLoop.cpp - The parse loop of the rewrite's passes -----===//

#include "rewrite/ParseLoop.h"

#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>

namespace varsim::rewrite {

void parseInParallel(unsigned Jobs, size_t N,
                     llvm::function_ref<void(size_t)> Parse) {
  if (N == 0)
    return;
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(std::max(1u, Jobs)));
  for (size_t I = 0; I < N; ++I)
    Pool.async([Parse, I] { Parse(I); });
  Pool.wait();
}

} // namespace varsim::rewrite
