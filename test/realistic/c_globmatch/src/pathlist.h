#ifndef PATHLIST_H
#define PATHLIST_H

#include <stddef.h>

struct pathlist {
  char **paths;
  size_t count;
};

/* Builds a deterministic list of n source-tree-like paths; 0 on success. */
int pathlist_generate(struct pathlist *pl, size_t n);
void pathlist_free(struct pathlist *pl);

#endif
