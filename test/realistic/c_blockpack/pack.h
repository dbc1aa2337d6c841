#ifndef BP_PACK_H
#define BP_PACK_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"

struct bp_stats {
  unsigned long blocks;
  unsigned long bytes_in;
  unsigned long bytes_out;
#ifdef BP_STATS
  unsigned long runs;
  unsigned long literals;
  unsigned long longest_run;
#endif
};

enum bp_status { BP_OK = 0, BP_ERR_SPACE = 2, BP_ERR_CORRUPT = 3 };

/* Encodes one block (at most BP_BLOCK_SIZE bytes); returns the encoded size
 * or 0 when it does not fit into cap. */
size_t bp_encode_block(const uint8_t *in, size_t len, uint8_t *out, size_t cap,
                       struct bp_stats *st);
size_t bp_decode_block(const uint8_t *in, size_t len, uint8_t *out, size_t cap);

#ifdef BP_STATS
#define BP_COUNT(st, field, n) ((st)->field += (n))
#else
#define BP_COUNT(st, field, n) ((void)(st))
#endif

#endif
