#pragma once

#include <cstdint>
#include <string>

namespace mk {

struct RunResult {
  std::int64_t checksum = 0;
  std::size_t multiplies = 0;
#ifdef MAT_STATS
  std::size_t accesses = 0;
#endif
  std::string note;
};

RunResult runIntKernel(int rounds);
RunResult runDoubleKernel(int rounds);

} // namespace mk
