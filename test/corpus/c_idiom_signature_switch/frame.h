#ifndef FRAME_H
#define FRAME_H
#include <stddef.h>

unsigned long frame_sum(const unsigned char *p, size_t n);
void report(const char *what, unsigned long value);
extern int silenced;
#endif
