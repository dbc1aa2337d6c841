/* Internal assertions of the store: on with KV_DEBUG even in a release
 * build, which defines NDEBUG (the assertions count themselves, so the
 * output shows which builds checked). */
#ifndef KVDEBUG_H
#define KVDEBUG_H

#if defined KV_DEBUG
#undef NDEBUG
#include <assert.h>
#define kv_assert(c) assert(c)
#endif

#if defined(kv_assert)
#define kv_checked(c, e) (kv_assert(c), (e))
#else
#define kv_assert(c) ((void)0)
#define kv_checked(c, e) (e)
#endif

extern int kv_checks;

#endif
