// A cache whose trace and statistics macros are statements (C++).
#include <cstdio>
#include <map>
#include <string>

namespace {
unsigned long hits, misses;
}

#ifdef TRACE
#define CACHE_TRACE(what, key)                                                 \
  do {                                                                         \
    std::printf("%s %s\n", what, (key).c_str());                               \
  } while (0)
#else
#define CACHE_TRACE(what, key) ((void)0)
#endif

#ifdef STATS
#define CACHE_HIT() do { ++hits; } while (0)
#define CACHE_MISS() do { ++misses; } while (0)
#else
#define CACHE_HIT() do { } while (0)
#define CACHE_MISS() do { } while (0)
#endif

class Cache {
public:
  int get(const std::string &key) {
    auto it = values_.find(key);
    if (it != values_.end())
      CACHE_HIT();
    else
      CACHE_MISS();
    if (it != values_.end()) {
      CACHE_TRACE("hit", key);
      return it->second;
    }
    CACHE_TRACE("miss", key);
    int v = static_cast<int>(key.size()) * 7;
    values_[key] = v;
    return v;
  }

private:
  std::map<std::string, int> values_;
};

int main() {
  Cache c;
  const char *keys[] = {"a", "bb", "a", "ccc", "bb", "a"};
  int sum = 0;
  for (const char *k : keys)
    sum += c.get(k);
  std::printf("sum=%d hits=%lu misses=%lu\n", sum, hits, misses);
  return static_cast<int>(hits * 3 + misses);
}
