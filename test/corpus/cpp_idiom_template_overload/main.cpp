#include <cstdio>

#include "scanner.h"

int main() {
  const char *text = "alpha 12 beta # a comment 99\n"
                     "gamma 7 # 1 2 3\n"
                     "delta 345 epsilon\n";
  Scanner s;
  std::size_t all = s.Count(text);
  std::size_t digits = s.Count<kScanDigitsOnly>(text);
  std::size_t both = s.Count<kScanDigitsOnly | kScanSkipHash>(text);
#ifdef SCAN_STATS
  std::printf("stats: words %zu digits %zu\n", all, digits);
#endif
  std::printf("tokens %zu %zu %zu\n", all, digits, both);
  return static_cast<int>((all + digits + both) % 7);
}
