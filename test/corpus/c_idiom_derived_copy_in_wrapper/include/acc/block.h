#ifndef ACC_BLOCK_H
#define ACC_BLOCK_H

#include "acc/config.h"

#include <stddef.h>
#include <stdint.h>

uint32_t acc_block(uint32_t key, uint32_t block);
uint32_t acc_chain(uint32_t key, uint32_t *blocks, size_t n);
unsigned long acc_software_calls(void);

#endif /* ACC_BLOCK_H */
