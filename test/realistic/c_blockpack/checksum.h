#ifndef BP_CHECKSUM_H
#define BP_CHECKSUM_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"

#ifdef BP_ADLER
#define BP_CHECKSUM_NAME "adler32"
#else
#define BP_CHECKSUM_NAME "fletcher32"
#endif

uint32_t bp_checksum(const uint8_t *data, size_t len);

/* Fold a 32-bit checksum to 16 bits for the block header. */
static inline uint16_t bp_fold16(uint32_t sum) {
#ifdef BP_ADLER
  return (uint16_t)((sum >> 16) ^ (sum & 0xffffu));
#else
  return (uint16_t)(sum + (sum >> 16));
#endif
}

#endif
