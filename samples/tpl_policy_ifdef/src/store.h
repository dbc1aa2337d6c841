// The store's configuration: the cache policy is chosen by #ifdef, as a
// type alias that the rest of the program uses as a template argument.
#ifndef TPL_POLICY_STORE_H
#define TPL_POLICY_STORE_H

#include "cache.h"

#include <string>
#include <vector>

#ifdef LRU
using Cache = LruCache<int, std::string>;
#else
using Cache = FifoCache<int, std::string>;
#endif

struct ReplayResult {
  int Hits = 0;
  int Misses = 0;
  long EvictedSum = 0;
  const char *Policy = "";
};

// Replays the key trace against a cache of Capacity entries.
ReplayResult replay(const std::vector<int> &Keys, unsigned Capacity);

#endif
