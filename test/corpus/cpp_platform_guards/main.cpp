#include "config.hpp"
#include "config.hpp"
#include <cstdio>

#ifdef __cplusplus
extern "C" {
#endif
static unsigned checksum(const char *s) {
  unsigned h = 7;
  while (*s)
    h = h * 31u + static_cast<unsigned char>(*s++);
  return h;
}
#ifdef __cplusplus
}
#endif

int main() {
  std::printf("system %s, c++17 %d\n", ENV_SYSTEM, ENV_CXX17);
  unsigned h = checksum(ENV_SYSTEM);
#ifdef DEBUG_INFO
  if (ENV_LIKELY(h != 0))
    std::printf("checksum %u\n", h);
#endif
  return static_cast<int>(h & 0x3f) + ENV_CXX17;
}
