/* Internal assertions of the store: on with KV_DEBUG even in a release
 * build, which defines NDEBUG (Lua's llimits.h, LUAI_ASSERT). */
#ifndef KVDEBUG_H
#define KVDEBUG_H

#include "kvconf.h"

#if defined KV_DEBUG
#undef NDEBUG
#include <assert.h>
#define kv_assert(c) assert(c)
#endif

#if !defined(kv_assert)
#define kv_assert(c) ((void)0)
#endif

#if !defined(kv_apicheck)
#define kv_apicheck(e) kv_assert(e)
#endif

extern int kv_checks;

#endif

/* The simulator keeps the #undef and makes `assert` check where KV_DEBUG is
 * on (or where the build defined no NDEBUG), and evaluate nothing
 * elsewhere: */
// REWRITE: #ifdef NDEBUG
// REWRITE-NEXT: #define VARSIM_ASSERT_ON_kvdebug_9 (VARSIM_F_KV_DEBUG)
// REWRITE: #undef NDEBUG
// REWRITE-NEXT: #include <assert.h>
// REWRITE-NEXT: #undef assert
// REWRITE-NEXT: #define assert(e) ((VARSIM_ASSERT_ON_kvdebug_9) && !(e) ? VARSIM_ASSERT_FAIL(#e) : (void)0)
