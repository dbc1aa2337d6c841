/* A block compressor: generates SIZE bytes of text-like data from SEED,
   compresses them block by block with the selected algorithm and prints the
   compressed size (and the checksum with CHECKSUM).
   Usage: compressor SIZE SEED */
#include "codec.h"
#include "work.h"

#include <stdio.h>
#include <stdlib.h>

/* The block size: BIGBLOCKS changes it, and with it how many times the
   block loop below runs (the data-flow case: a plain single-run model
   misses it). */
static size_t block_size = 2048;

/* Text-like data: letters from a small alphabet in runs of 1 to 8. */
static void generate(unsigned char *data, size_t size, unsigned long seed) {
  unsigned long x = seed;
  size_t i = 0;
  while (i < size) {
    x = (x * 1103515245UL + 12345UL) & 0x7fffffffUL;
    unsigned char c = (unsigned char)("etaoinshrdlu "[(x >> 8) % 13]);
    size_t run = 1 + (x >> 20) % 8;
    for (size_t k = 0; k < run && i < size; ++k)
      data[i++] = c;
  }
  work_ms(35.0); /* reading the input */
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: compressor SIZE SEED\n");
    return 2;
  }
  size_t size = strtoul(argv[1], NULL, 10);
  unsigned long seed = strtoul(argv[2], NULL, 10);
  unsigned char *data = malloc(size ? size : 1);
  if (!data)
    return 1;
  generate(data, size, seed);

#ifdef BIGBLOCKS
  block_size = 8192;
  work_ms(2.0); /* allocating the larger block buffers */
#endif

  size_t packed = 0, blocks = 0;
#ifdef CHECKSUM
  unsigned long sum = 1;
#endif
  for (size_t off = 0; off < size; off += block_size) {
    size_t n = size - off < block_size ? size - off : block_size;
    work_ms(0.2); /* writing the block header */
    packed += 4 + compress_block(data + off, n);
#ifdef CHECKSUM
    sum = checksum_block(data + off, n, sum);
#endif
    ++blocks;
  }

  printf("%s: %zu bytes in %zu blocks -> %zu bytes (%.1f%%)\n",
         algorithm_name(), size, blocks, packed,
         size ? 100.0 * (double)packed / (double)size : 0.0);
#ifdef CHECKSUM
  printf("adler32 %08lx\n", sum);
#endif
  free(data);
  return 0;
}
