#ifndef MIX_H
#define MIX_H

#include <stdint.h>

void mix_init(void);
uint32_t mix_word(uint32_t w);
int mix_tables(void);

#endif
