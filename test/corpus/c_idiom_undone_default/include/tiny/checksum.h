#ifndef TINY_CHECKSUM_H
#define TINY_CHECKSUM_H

#include "tiny/config.h"

#include <stddef.h>
#include <stdint.h>

uint32_t tiny_crc32(const unsigned char *data, size_t len);
uint32_t tiny_adler32(const unsigned char *data, size_t len);
const char *tiny_build_info(void);

#if !defined(TINY_CRC_TABLE)
/* Without the table the CRC is slow: callers may want to know. Start
 * clean, whatever an earlier header said. */
#undef TINY_CRC_IS_SLOW
#define TINY_CRC_IS_SLOW 1
#endif

#endif
