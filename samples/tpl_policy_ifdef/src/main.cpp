// Replays the key trace of the workload file (argv[1]) against the store's
// read cache and prints the outcome. Exit code 0; 100 on a bad workload.
#include "store.h"

#include <cstdio>
#include <fstream>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: kvcache KEYS_FILE\n");
    return 100;
  }
  std::ifstream In(argv[1]);
  std::vector<int> Keys;
  for (int K; In >> K;)
    Keys.push_back(K);
  if (Keys.empty()) {
    std::fprintf(stderr, "kvcache: no keys in %s\n", argv[1]);
    return 100;
  }
  work_ms(20); // opening the store

  ReplayResult R = replay(Keys, 4);
  std::printf("%s cache: %d hits, %d misses\n", R.Policy, R.Hits, R.Misses);
#ifdef STATS
  work_ms(10); // gathering the statistics
  std::printf("hit ratio %.3f, evicted key sum %ld\n",
              static_cast<double>(R.Hits) / static_cast<double>(Keys.size()),
              R.EvictedSum);
#endif
  work_ms(10); // closing the store
  return 0;
}
