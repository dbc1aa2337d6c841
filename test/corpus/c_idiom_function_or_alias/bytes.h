/* Byte-order helpers shared by the digest code. */
#ifndef BYTES_H
#define BYTES_H

#include <stdint.h>

#define BYTE_AT(x, n) ((unsigned char)(((x) >> ((n) * 8)) & 0xff))

/* A block: it is only ever used as a statement. */
#define PUT_BE64(n, b, i)                                                      \
  {                                                                            \
    (b)[(i)] = BYTE_AT(n, 7);                                                  \
    (b)[(i) + 1] = BYTE_AT(n, 6);                                              \
    (b)[(i) + 2] = BYTE_AT(n, 5);                                              \
    (b)[(i) + 3] = BYTE_AT(n, 4);                                              \
    (b)[(i) + 4] = BYTE_AT(n, 3);                                              \
    (b)[(i) + 5] = BYTE_AT(n, 2);                                              \
    (b)[(i) + 6] = BYTE_AT(n, 1);                                              \
    (b)[(i) + 7] = BYTE_AT(n, 0);                                              \
  }

#endif
