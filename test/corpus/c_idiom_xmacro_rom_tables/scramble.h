#ifndef SCRAMBLE_H
#define SCRAMBLE_H

#include <stdint.h>

uint32_t scramble(uint32_t x, int rounds);

#endif
