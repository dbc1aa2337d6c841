/* Which eviction policy the cache is built with: exactly one of
 * POLICY_LRU, POLICY_FIFO, POLICY_CLOCK (the feature model says so). */
#ifndef CACHE_CONFIG_H
#define CACHE_CONFIG_H

#define CACHE_POLICY_LRU 1
#define CACHE_POLICY_FIFO 2
#define CACHE_POLICY_CLOCK 3

#if defined(POLICY_CLOCK)
#define CACHE_POLICY CACHE_POLICY_CLOCK
#elif defined(POLICY_FIFO)
#define CACHE_POLICY CACHE_POLICY_FIFO
#else
#define CACHE_POLICY CACHE_POLICY_LRU
#endif

/* CLOCK needs no list links, so the same memory holds more entries. */
#if CACHE_POLICY == CACHE_POLICY_CLOCK
#define CACHE_SLOTS 48
#else
#define CACHE_SLOTS 32
#endif

#define CACHE_BUCKETS 64

#endif
