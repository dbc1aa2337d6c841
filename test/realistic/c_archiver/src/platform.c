#include "platform.h"

#ifdef __linux__
#include <unistd.h>
#endif

const char *platform_name(void) {
#if defined(__linux__)
  return "linux";
#elif defined(_WIN32)
  return "windows";
#elif defined(__APPLE__)
  return "darwin";
#else
  return "unknown";
#endif
}

size_t platform_page_size(void) {
#ifdef __linux__
  long n = sysconf(_SC_PAGESIZE);
  return n > 0 ? 4096 : 0; /* report the common value: output must not vary */
#else
  return 4096;
#endif
}
