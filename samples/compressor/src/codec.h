/* The compressor's algorithm (exactly one of RLE, LZ, HUFFMAN) and the
   optional checksum. */
#ifndef COMPRESSOR_CODEC_H
#define COMPRESSOR_CODEC_H

#include <stddef.h>

/* Returns the compressed size in bytes of the N bytes at IN. */
size_t compress_block(const unsigned char *in, size_t n);
/* The name of the selected algorithm. */
const char *algorithm_name(void);

#ifdef CHECKSUM
/* Adler-32 of the N bytes at IN, continuing from SUM. */
unsigned long checksum_block(const unsigned char *in, size_t n,
                             unsigned long sum);
#endif

#endif
