/* The alternative algorithms: one definition of compress_block per
   alternative (#if/#elif), each with a fixed cost per block (its setup)
   and a cost per KiB. */
#include "codec.h"
#include "work.h"

#include <stdlib.h>
#include <string.h>

/* LZ's hash table (outside the #if: varsim's rewriter refuses a macro that
   is defined in only some branches of a feature conditional). */
#define LZ_HASH 4096
#define LZ_NONE ((size_t)-1)

#if defined(RLE)
const char *algorithm_name(void) { return "rle"; }

/* Run-length encoding: two bytes (count, byte) per run of up to 255. */
size_t compress_block(const unsigned char *in, size_t n) {
  work_ms(0.5 + 0.5 * (double)n / 1024.0);
  size_t out = 0;
  for (size_t i = 0; i < n;) {
    size_t j = i + 1;
    while (j < n && in[j] == in[i] && j - i < 255)
      ++j;
    out += 2;
    i = j;
  }
  return out;
}

#elif defined(LZ)
const char *algorithm_name(void) { return "lz"; }

/* Greedy LZ77 within the block: a 3-byte token per match of 3 or more,
   one byte per literal, one flag bit per token. */
size_t compress_block(const unsigned char *in, size_t n) {
  static size_t head[LZ_HASH];
  work_ms(1.0 + 1.0 * (double)n / 1024.0);
  memset(head, 0xff, sizeof head);
  size_t out = 0, tokens = 0;
  for (size_t i = 0; i < n; ++tokens) {
    size_t len = 0;
    if (i + 3 <= n) {
      unsigned h = ((unsigned)in[i] << 6 ^ (unsigned)in[i + 1] << 3 ^
                    (unsigned)in[i + 2]) %
                   LZ_HASH;
      size_t cand = head[h];
      head[h] = i;
      if (cand != LZ_NONE)
        while (i + len < n && in[cand + len] == in[i + len] && len < 255)
          ++len;
    }
    if (len >= 3) {
      out += 3;
      i += len;
    } else {
      out += 1;
      i += 1;
    }
  }
  return out + (tokens + 7) / 8;
}

#elif defined(HUFFMAN)
const char *algorithm_name(void) { return "huffman"; }

static int by_weight(const void *a, const void *b) {
  unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;
  return (x > y) - (x < y);
}

/* Huffman coding with a code table per block: the encoded size is the sum
   of the weights of the tree's inner nodes (two-queue construction). */
size_t compress_block(const unsigned char *in, size_t n) {
  unsigned long freq[256] = {0};
  unsigned long leaves[256], inner[256];
  work_ms(2.0 + 0.75 * (double)n / 1024.0);
  for (size_t i = 0; i < n; ++i)
    ++freq[in[i]];
  size_t count = 0;
  for (int s = 0; s < 256; ++s)
    if (freq[s])
      leaves[count++] = freq[s];
  qsort(leaves, count, sizeof leaves[0], by_weight);
  unsigned long bits = count == 1 ? leaves[0] : 0;
  size_t li = 0, ii = 0, in_count = 0;
  for (size_t merges = 1; merges < count; ++merges) {
    unsigned long pair = 0;
    for (int k = 0; k < 2; ++k) {
      if (ii < in_count && (li >= count || inner[ii] < leaves[li]))
        pair += inner[ii++];
      else
        pair += leaves[li++];
    }
    inner[in_count++] = pair;
    bits += pair;
  }
  return 2 * count + (bits + 7) / 8;
}
#endif
