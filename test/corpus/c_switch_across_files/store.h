#ifndef STORE_H
#define STORE_H
/* encode() is defined in encode_plain.c or encode_rle.c, per COMPRESS. */
int encode(const char *in, char *out);
unsigned digest(const char *s);
#endif
