/* hashsum: fingerprints fixed-size blocks of a generated corpus, as a
   deduplicating backup tool does. The hash functions are reached through a
   table of operations; which table is a build-time choice. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct hash_ops {
  const char *name;
  uint64_t (*init)(uint64_t seed);
  uint64_t (*update)(uint64_t state, const unsigned char *data, size_t len);
  uint64_t (*final)(uint64_t state);
};

static uint64_t fnv_init(uint64_t seed) { return 0xcbf29ce484222325ull ^ seed; }
static uint64_t fnv_update(uint64_t h, const unsigned char *p, size_t len) {
  for (size_t i = 0; i < len; ++i)
    h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}
static uint64_t fnv_final(uint64_t h) { return h; }

static uint64_t mix_init(uint64_t seed) { return seed + 0x9e3779b97f4a7c15ull; }
/* A slower, better-mixing hash: a full avalanche per byte. */
static uint64_t mix_update(uint64_t h, const unsigned char *p, size_t len) {
  for (size_t i = 0; i < len; ++i) {
    h ^= p[i];
    h ^= h >> 31;
    h *= 0x7fb5d329728ea185ull;
    h ^= h >> 27;
    h *= 0x81dadef4bc2dd44dull;
    h ^= h >> 33;
  }
  return h;
}
static uint64_t mix_final(uint64_t h) { return h ^ (h >> 29); }

static const struct hash_ops fnv_ops = {"fnv1a", fnv_init, fnv_update,
                                        fnv_final};
static const struct hash_ops mix_ops = {"mix64", mix_init, mix_update,
                                        mix_final};

static const struct hash_ops *const hash_table[] = {
#ifdef FAST_HASH
    &fnv_ops,
#else
    &mix_ops,
#endif
};

#define BLOCK 4096

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: hashsum WORKLOAD\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "r");
  unsigned blocks;
  if (!f || fscanf(f, "%u", &blocks) != 1) {
    fprintf(stderr, "%s: cannot read the workload\n", argv[1]);
    return 2;
  }
  fclose(f);
  const struct hash_ops *ops = hash_table[0];
  static unsigned char block[BLOCK];
  uint64_t fold = 0;
  unsigned duplicates = 0, state = 1;
  uint64_t zero_block = 0; /* the hash of the first all-zero block */
  for (unsigned b = 0; b < blocks; ++b) {
    for (size_t i = 0; i < BLOCK; i += 4) {
      state = state * 1103515245u + 12345u;
      unsigned v = (b % 7 == 3) ? 0 : state; /* some blocks repeat */
      memcpy(block + i, &v, 4);
    }
    uint64_t h = ops->final(ops->update(ops->init(42), block, BLOCK));
#ifdef DOUBLE_CHECK
    h ^= ops->final(ops->update(ops->init(43), block, BLOCK)) << 1;
#endif
    if (b % 7 == 3) {
      if (zero_block == h)
        ++duplicates;
      zero_block = h;
    }
    fold = fold * 31 + h;
  }
  printf("%s: %u blocks, %u duplicates, fold %016llx\n", ops->name, blocks,
         duplicates, (unsigned long long)fold);
  return 0;
}
