#ifndef COLUMNS_H
#define COLUMNS_H
#include <stdio.h>

static inline void print_row(const char *name, double value) {
  printf("| %-8s | %10.3f |\n", name, value);
}
#endif
