/* blockpack: a block-wise run-length packer with per-block checksums. The
 * workload packs and unpacks a generated buffer a few times and prints the
 * ratio, the checksum of the whole stream and (BP_STATS) token counts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checksum.h"
#include "config.h"
#include "pack.h"

#define INPUT_SIZE (96 * 1024)
#define PASSES 8

static void generate(uint8_t *buf, size_t n) {
  uint32_t x = 2463534242u;
  size_t i = 0;
  while (i < n) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    size_t run = (x & 7u) == 0 ? 3 + (x >> 8) % 40 : 1;
    uint8_t v = (uint8_t)('a' + (x >> 16) % 16);
    while (run-- > 0 && i < n)
      buf[i++] = v;
  }
}

static int roundtrip(const uint8_t *in, size_t n, struct bp_stats *st,
                     uint32_t *stream_sum) {
  int status = BP_OK;
  uint8_t *enc = malloc(BP_BLOCK_SIZE * 2);
  uint8_t *dec = malloc(BP_BLOCK_SIZE);
  if (!enc || !dec) {
    status = BP_ERR_SPACE;
    goto cleanup;
  }
  for (size_t off = 0; off < n; off += BP_BLOCK_SIZE) {
    size_t len = n - off < BP_BLOCK_SIZE ? n - off : BP_BLOCK_SIZE;
    size_t elen = bp_encode_block(in + off, len, enc, BP_BLOCK_SIZE * 2, st);
    if (elen == 0) {
      status = BP_ERR_SPACE;
      goto cleanup;
    }
    *stream_sum = *stream_sum * 31u + bp_checksum(enc, elen);
    if (bp_decode_block(enc, elen, dec, BP_BLOCK_SIZE) != len ||
        memcmp(dec, in + off, len) != 0) {
      status = BP_ERR_CORRUPT;
      goto cleanup;
    }
  }
cleanup:
  free(enc);
  free(dec);
  return status;
}

int main(void) {
  static uint8_t input[INPUT_SIZE];
  struct bp_stats st;
  uint32_t stream_sum = 0;
  int status = BP_OK;

  memset(&st, 0, sizeof st);
  generate(input, sizeof input);
  for (int pass = 0; pass < PASSES && status == BP_OK; ++pass)
    status = roundtrip(input, sizeof input, &st, &stream_sum);

  printf("blockpack %d.%d, %s, block %d bytes, unroll %d\n", BP_VERSION_MAJOR,
         BP_VERSION_MINOR, BP_CHECKSUM_NAME, BP_BLOCK_SIZE, BP_UNROLL);
  printf("%lu blocks, %lu -> %lu bytes (%.1f%%)\n", st.blocks, st.bytes_in,
         st.bytes_out, 100.0 * (double)st.bytes_out / (double)st.bytes_in);
  printf("stream checksum %08x\n", (unsigned)stream_sum);
#ifdef BP_STATS
  printf("tokens: %lu runs, %lu literal bytes, longest run %lu\n", st.runs,
         st.literals, st.longest_run);
#endif
  if (status != BP_OK)
    fprintf(stderr, "blockpack: failed with status %d\n", status);
  return status == BP_OK ? (int)(st.blocks % 7) : status;
}
