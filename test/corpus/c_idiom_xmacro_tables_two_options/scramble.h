#ifndef SCRAMBLE_H
#define SCRAMBLE_H

#include <stddef.h>
#include <stdint.h>

uint32_t scramble(uint32_t x, int rounds);
void scramble_describe(char *out, size_t size);

#endif
