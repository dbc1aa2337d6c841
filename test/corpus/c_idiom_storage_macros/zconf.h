/* Linkage macros of a compression library's public header. */
#ifndef ZCONF_H
#define ZCONF_H

#ifndef ZEXTERN
#define ZEXTERN extern
#endif
#define ZEXPORT

#define local static

ZEXTERN unsigned long ZEXPORT checksum(const unsigned char *buf, int len);
ZEXTERN int ZEXPORT table_size(void);

#endif
