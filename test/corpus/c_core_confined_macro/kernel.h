#ifndef KERNEL_H
#define KERNEL_H

#if defined(BLOCKED)
#define TILE 4
#define TILE_WEIGHT(t) ((t) % 2 + 1)
#elif defined(STRIDED)
#define STRIDE 3
#endif

int kernel_sum(const int *v, int n);

#endif
