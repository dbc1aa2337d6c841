#ifndef HT_H
#define HT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define HT_STR_(x) #x
#define HT_STR(x) HT_STR_(x)

#ifdef HT_COMPACT
#define HT_INITIAL_CAP 8
#define HT_MAX_LOAD 90
#else
#define HT_INITIAL_CAP 16
#define HT_MAX_LOAD 75
#endif

#ifdef HT_TRACE
#define HT_LOG(...)                                                            \
  do {                                                                         \
    printf("ht %s: ", __func__);                                               \
    printf(__VA_ARGS__);                                                       \
    printf("\n");                                                              \
  } while (0)
#else
#define HT_LOG(...) do { } while (0)
#endif

struct ht_entry {
  const char *key;
  int value;
};

struct ht {
  struct ht_entry *slots;
  size_t cap, count;
  unsigned long probes, resizes;
};

typedef uint32_t (*ht_hash_fn)(const char *key);

uint32_t ht_hash(const char *key);
int ht_init(struct ht *t);
void ht_free(struct ht *t);
int ht_put(struct ht *t, const char *key, int value);
int *ht_get(struct ht *t, const char *key);

#endif
