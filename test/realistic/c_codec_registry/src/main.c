/* blobpack: builds a synthetic buffer, round-trips it through every
 * compiled-in codec and prints sizes and checksums. */
#include "codec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUF_SIZE (256u * 1024u)

static void fill(uint8_t *buf, size_t n, uint32_t seed) {
  size_t i = 0;
  while (i < n) {
    size_t run;
    seed = seed * 1103515245u + 12345u;
    run = 1 + ((seed >> 16) % 24u);
    while (run-- && i < n)
      buf[i++] = (uint8_t)((seed >> 8) & 0x3Fu);
  }
}

static int roundtrip(const struct codec *c, const uint8_t *in, size_t n,
                     uint8_t *tmp, uint8_t *back, size_t *packed) {
  size_t m = c->encode(in, n, tmp, 2 * BUF_SIZE);
  if (m == 0)
    return -1;
  *packed = m;
  if (c->decode(tmp, m, back, BUF_SIZE) != n)
    return -2;
  return memcmp(in, back, n) == 0 ? 0 : -3;
}

int main(void) {
  uint8_t *in = malloc(BUF_SIZE), *tmp = malloc(2 * BUF_SIZE),
          *back = malloc(BUF_SIZE);
  const struct codec *const *c;
  uint32_t total = 0;
  int failures = 0, pass;

  if (!in || !tmp || !back) {
    fprintf(stderr, "out of memory\n");
    failures = 99;
    goto out;
  }
  printf("blobpack: %zu codecs, checksum %s\n", codec_count(),
         checksum_name());
  for (pass = 0; pass < 3; ++pass) {
    fill(in, BUF_SIZE, 42u + (uint32_t)pass);
    for (c = codec_list(); *c; ++c) {
      size_t packed = 0;
      int rc = roundtrip(*c, in, BUF_SIZE, tmp, back, &packed);
      uint32_t sum = checksum(tmp, packed);
      total ^= sum + (uint32_t)pass;
      if (rc != 0)
        ++failures;
      if (pass == 0)
        printf("  %-6s %7zu -> %7zu bytes  %08x %s%s%s\n", (*c)->name,
               (size_t)BUF_SIZE, packed, (unsigned)sum,
               codec_has(*c, CODEC_F_LOSSLESS) ? "L" : "-",
               codec_has(*c, CODEC_F_SHRINKS) ? "S" : "-",
               rc == 0 ? "" : " FAILED");
    }
  }
  if (codec_find("rle"))
    printf("rle available\n");
  printf("total %08x, failures %d\n", (unsigned)total, failures);
out:
  free(in);
  free(tmp);
  free(back);
  return failures + (int)(codec_count() * 10);
}
