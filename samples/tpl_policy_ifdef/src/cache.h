// Two eviction policies of the store's read cache: class templates with the
// same interface, so the policy is a template argument (policy-based
// design). Each lookup costs its policy's designed time (README.md).
#ifndef TPL_POLICY_CACHE_H
#define TPL_POLICY_CACHE_H

#include "work.h"

#include <algorithm>
#include <cstddef>
#include <deque>
#include <list>
#include <utility>

// Least recently used: a hit moves the entry to the front.
template <class K, class V> class LruCache {
public:
  explicit LruCache(std::size_t Capacity) : Capacity(Capacity) {}
  static const char *name() { return "lru"; }

  // The cached value of Key, or nullptr (then put() it).
  const V *get(const K &Key) {
    work_ms(0.5);
    auto It = std::find_if(Entries.begin(), Entries.end(),
                           [&](const auto &E) { return E.first == Key; });
    if (It == Entries.end())
      return nullptr;
    Entries.splice(Entries.begin(), Entries, It);
    return &Entries.front().second;
  }
  void put(const K &Key, V Value) {
    if (Entries.size() == Capacity) {
      Evicted += Entries.back().first;
      Entries.pop_back();
    }
    Entries.emplace_front(Key, std::move(Value));
  }
  long evictedSum() const { return Evicted; }

private:
  std::size_t Capacity;
  std::list<std::pair<K, V>> Entries;
  long Evicted = 0;
};

// First in, first out: a hit changes nothing.
template <class K, class V> class FifoCache {
public:
  explicit FifoCache(std::size_t Capacity) : Capacity(Capacity) {}
  static const char *name() { return "fifo"; }

  const V *get(const K &Key) {
    work_ms(0.25);
    for (const auto &E : Entries)
      if (E.first == Key)
        return &E.second;
    return nullptr;
  }
  void put(const K &Key, V Value) {
    if (Entries.size() == Capacity) {
      Evicted += Entries.front().first;
      Entries.pop_front();
    }
    Entries.emplace_back(Key, std::move(Value));
  }
  long evictedSum() const { return Evicted; }

private:
  std::size_t Capacity;
  std::deque<std::pair<K, V>> Entries;
  long Evicted = 0;
};

#endif
