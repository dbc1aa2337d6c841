#pragma once

#include <stddef.h>
#include <stdint.h>

#include "config.h"

#if HAVE_COMPRESS
size_t rle_encode(const uint8_t *in, size_t n, uint8_t *out, size_t cap);
size_t rle_decode(const uint8_t *in, size_t n, uint8_t *out, size_t cap);
#endif

#ifdef HAVE_ENCRYPT
void xor_stream(uint8_t *buf, size_t n, uint32_t key);
#endif
