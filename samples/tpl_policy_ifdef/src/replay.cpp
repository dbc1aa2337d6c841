#include "store.h"

#include <string>

// The only function that names the policy: in the simulator it becomes a
// template over Cache, called through a feature switch (one dispatch per
// replay, not per lookup).
ReplayResult replay(const std::vector<int> &Keys, unsigned Capacity) {
  work_ms(5); // warming the cache's arena
  Cache C(Capacity);
  ReplayResult R;
  R.Policy = Cache::name();
  for (int Key : Keys) {
    if (const std::string *Value = C.get(Key)) {
      R.Hits += Value->size() > 0;
      continue;
    }
    ++R.Misses;
    C.put(Key, "value-" + std::to_string(Key));
  }
  R.EvictedSum = C.evictedSum();
  return R;
}
