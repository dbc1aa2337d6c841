#include <cstdio>

#include "reader.h"

namespace rd {
long fast_copied = 0;
}

static const char kText[] = "\"alpha beta \\\"gamma\\\" delta epsilon\"";

int main() {
  rd::Reader<char> reader;
  int total = 0, cost = 0;
  for (int round = 0; round < 2000; ++round) {
    rd::StringStream a{kText};
    rd::Buffer ba;
    cost += reader.ParseString(a, ba);
    rd::CountingStream b{kText};
    rd::Buffer bb;
    cost += reader.ParseString(b, bb);
    total += ba.size + bb.size + static_cast<int>(b.taken);
    rd::StringStream c{kText};
    cost += rd::Cost(c); // non-dependent: the overload or the template
  }
  std::printf("copied %d, cost %d\n", total, cost);
#ifdef READER_STATS
  std::printf("fast path copied %ld bytes\n", rd::fast_copied);
#endif
#ifdef READER_FAST_SCAN
  std::printf("fast scan on\n");
#endif
  return total % 7;
}
