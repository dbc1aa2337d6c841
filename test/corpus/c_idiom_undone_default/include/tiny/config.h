/* tiny/config.h: compile-time options of the tiny library. Comment a line
 * out, or #undef it in TINY_USER_CONFIG_FILE, to turn an option off. */
#ifndef TINY_CONFIG_H
#define TINY_CONFIG_H

/* Use a 256-entry table for the CRC instead of the bitwise loop. */
#define TINY_CRC_TABLE

/* Unroll the Adler-32 inner loop by four. */
#define TINY_ADLER_UNROLL

/* Size of the scratch buffer, in bytes. */
#define TINY_SCRATCH_SIZE 64

#if defined(TINY_USER_CONFIG_FILE)
#include TINY_USER_CONFIG_FILE
#endif

#endif /* TINY_CONFIG_H */
