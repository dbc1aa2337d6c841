/* The source tree the single-file store.c is generated from (not built):
 * the format's limits. */
#ifndef TREE_LIMITS_H
#define TREE_LIMITS_H
#define MAX_PAGE_BYTES 65536
#endif
