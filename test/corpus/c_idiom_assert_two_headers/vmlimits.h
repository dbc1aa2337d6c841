/* Core limits of a small stack machine: internal assertions for in-house
 * debugging, on when the build asks for them. */
#ifndef VMLIMITS_H
#define VMLIMITS_H

#if defined CHECK_INVARIANTS
#undef NDEBUG
#include <assert.h>
#define vm_assert(c) assert(c)
#endif

#if defined(vm_assert)
#define check_exp(c, e) (vm_assert(c), (e))
#else
#define vm_assert(c) ((void)0)
#define check_exp(c, e) (e)
#endif

#endif
