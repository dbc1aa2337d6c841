#ifndef QA_ZLIB_MINI_H
#define QA_ZLIB_MINI_H

#include <stddef.h>

#include "zconf.h"

ZEXTERN unsigned long ZEXPORT crc32_mini(unsigned long crc, const char *buf,
                                         size_t len);
ZEXTERN ZEXPORT const char *zlib_mini_version(void);
ZEXTERN int ZEXPORT table_builds(void);

#endif
