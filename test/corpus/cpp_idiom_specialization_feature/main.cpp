#include <cstdio>

#include "scan.h"

namespace scan {
long fast_skipped = 0;
}

static const char kText[] = "  alpha beta\t\tgamma\n\n   delta    epsilon  "
                            "zeta   eta theta\n iota kappa   ";

int main() {
  int total = 0;
  for (int round = 0; round < 2000; ++round) {
    scan::StringStream a{kText};
    total += scan::CountWords(a);
    scan::CountingStream b{kText};
    total += scan::CountWords(b);
    scan::StringStream c{kText};
    scan::SkipBlanks(c); // non-dependent: the specialization or the primary
    total += c.src - kText;
  }
  std::printf("words and leading blanks %d\n", total);
#ifdef SCAN_STATS
  std::printf("fast path skipped %ld bytes\n", scan::fast_skipped);
#endif
#ifdef SCAN_FAST_SKIP
  std::printf("fast skip on\n");
#endif
  return total % 7;
}
