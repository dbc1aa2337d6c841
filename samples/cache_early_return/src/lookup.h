/* A slow lookup (a computed value per key), optionally cached. */
#ifndef CACHE_EARLY_RETURN_LOOKUP_H
#define CACHE_EARLY_RETURN_LOOKUP_H

long lookup(int key);
/* How many lookups computed their value (cache misses). */
extern int lookup_misses;

#endif
