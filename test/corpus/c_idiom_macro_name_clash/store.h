/* Block size of the storage layer. */
#ifndef STORE_H
#define STORE_H
#ifdef FAST_IO
#define BLOCK 64
#else
#define BLOCK 16
#endif
long store_sum(int rounds);
#endif
