/* Workload of the real-programs suite for zlib: deflate + inflate of a few
 * MB of generated text-like data at levels 1, 6 and 9 (zlib format), once
 * with Z_FIXED (fixed Huffman blocks, BUILDFIXED's tables), once in gzip
 * format (NO_GZIP), a gzwrite/gzread round trip (NO_GZCOMPRESS) and CRC-32
 * over the data (DYNAMIC_CRC_TABLE, Z_TESTN). Prints sizes and checksums of
 * every result and zlibCompileFlags(), so that a simulator that computes
 * something else is seen; about 1 s native. */
#include "zlib.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static unsigned long long Lcg = 88172645463325252ULL;

static unsigned next(void) {
  Lcg = Lcg * 6364136223846793005ULL + 1442695040888963407ULL;
  return (unsigned)(Lcg >> 33);
}

/* Words from a small vocabulary with digits: compresses about 3:1. */
static void fill(unsigned char *p, size_t n) {
  static const char *words[] = {"alpha", "beta", "gamma", "delta", "zlib",
                                "deflate", "inflate", "window", "huffman",
                                "match", "literal", "the", "of", "and"};
  size_t i = 0;
  while (i < n) {
    const char *w = words[next() % 14];
    while (*w && i < n)
      p[i++] = (unsigned char)*w++;
    if (i < n)
      p[i++] = (next() % 5 == 0) ? (unsigned char)('0' + next() % 10) : ' ';
    if (i < n && next() % 11 == 0)
      p[i++] = '\n';
  }
}

/* One deflate + inflate round trip; returns 0 on success. */
static int roundtrip(const char *label, const unsigned char *in, size_t n,
                     int level, int wbits, int strategy, unsigned char *comp,
                     size_t cap, unsigned char *back) {
  z_stream d, i;
  memset(&d, 0, sizeof d);
  int rc = deflateInit2(&d, level, Z_DEFLATED, wbits, 8, strategy);
  if (rc != Z_OK) {
    printf("%s deflateInit2 %d\n", label, rc);
    return 0;
  }
  d.next_in = (Bytef *)in;
  d.avail_in = (uInt)n;
  d.next_out = comp;
  d.avail_out = (uInt)cap;
  rc = deflate(&d, Z_FINISH);
  size_t clen = d.total_out;
  deflateEnd(&d);
  if (rc != Z_STREAM_END) {
    printf("%s deflate %d\n", label, rc);
    return 1;
  }
  memset(&i, 0, sizeof i);
  rc = inflateInit2(&i, wbits);
  if (rc != Z_OK) {
    printf("%s inflateInit2 %d\n", label, rc);
    return 1;
  }
  i.next_in = comp;
  i.avail_in = (uInt)clen;
  i.next_out = back;
  i.avail_out = (uInt)n;
  rc = inflate(&i, Z_FINISH);
  size_t blen = i.total_out;
  inflateEnd(&i);
  if (rc != Z_STREAM_END || blen != n || memcmp(in, back, n) != 0) {
    printf("%s inflate %d (%zu bytes) mismatch\n", label, rc, blen);
    return 1;
  }
  printf("%s %zu -> %zu adler %08lx crc %08lx\n", label, n, clen,
         adler32(1L, comp, (uInt)clen), crc32(0L, comp, (uInt)clen));
  return 0;
}

static int gzfile(const unsigned char *in, size_t n, unsigned char *back) {
  char path[] = "/tmp/varsim-zlib-bench-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0)
    return 1;
  unlink(path);
  gzFile w = gzdopen(dup(fd), "wb6");
  if (w == NULL) {
    printf("gz write: not available\n");
    close(fd);
    return 0;
  }
  int wrote = gzwrite(w, in, (unsigned)n);
  int rc = gzclose(w);
  off_t size = lseek(fd, 0, SEEK_END);
  lseek(fd, 0, SEEK_SET);
  gzFile r = gzdopen(dup(fd), "rb");
  int got = r ? gzread(r, back, (unsigned)n) : -1;
  if (r)
    gzclose(r);
  close(fd);
  printf("gz file: wrote %d (close %d), %ld bytes, read %d, %s\n", wrote, rc,
         (long)size, got, got == (int)n && !memcmp(in, back, n) ? "same" : "DIFFERENT");
  return 0;
}

int main(int argc, char **argv) {
  size_t n = (size_t)(argc > 1 ? atof(argv[1]) : 4.0) * 1024 * 1024;
  unsigned char *in = malloc(n), *back = malloc(n);
  size_t cap = compressBound((uLong)n) + 64;
  unsigned char *comp = malloc(cap);
  if (!in || !back || !comp)
    return 2;
  fill(in, n);
  printf("zlib %s flags %08lx\n", zlibVersion(), zlibCompileFlags());
  unsigned long crc = crc32(0L, Z_NULL, 0);
  for (int k = 0; k < 8; ++k)
    crc = crc32(crc, in, (uInt)n);
  printf("crc32 x8 %08lx adler32 %08lx\n", crc, adler32(1L, in, (uInt)n));
  int bad = 0;
  bad |= roundtrip("level1", in, n, 1, 15, Z_DEFAULT_STRATEGY, comp, cap, back);
  bad |= roundtrip("level6", in, n, 6, 15, Z_DEFAULT_STRATEGY, comp, cap, back);
  bad |= roundtrip("level9", in, n / 2, 9, 15, Z_DEFAULT_STRATEGY, comp, cap, back);
  bad |= roundtrip("fixed6", in, n / 2, 6, 15, Z_FIXED, comp, cap, back);
  bad |= roundtrip("gzip6", in, n / 2, 6, 31, Z_DEFAULT_STRATEGY, comp, cap, back);
  bad |= gzfile(in, n / 2, back);
  free(in);
  free(back);
  free(comp);
  return bad;
}
