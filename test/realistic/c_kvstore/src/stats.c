/* Statistics report; the whole file is empty without STATS. */
#include "kv.h"

#include <stdio.h>

#ifdef STATS
void kv_stats_report(const kv_store *kv) {
  const struct kv_stats *s = &kv->stats;
  double hit_rate = s->gets ? 100.0 * (double)s->hits / (double)s->gets : 0.0;
  printf("stats: puts=%lu gets=%lu hits=%lu (%.1f%%) deletes=%lu\n", s->puts,
         s->gets, s->hits, hit_rate, s->deletes);
  printf("stats: resizes=%lu longest-chain=%lu buckets=%zu\n", s->resizes,
         s->longest_chain, kv->nbuckets);
}
#else
typedef int kv_stats_unused;
#endif
