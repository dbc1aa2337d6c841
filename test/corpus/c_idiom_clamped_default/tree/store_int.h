/* The source tree's internal header: the same default and clamp as the
 * generated store.c, with the limit from another header. */
#ifndef TREE_STORE_INT_H
#define TREE_STORE_INT_H
#include "limits.h"
#ifndef PAGE_BYTES
#define PAGE_BYTES 4096
#endif
#if PAGE_BYTES > MAX_PAGE_BYTES
#undef PAGE_BYTES
#define PAGE_BYTES MAX_PAGE_BYTES
#endif
#endif
