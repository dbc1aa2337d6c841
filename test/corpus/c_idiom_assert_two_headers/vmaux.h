/* The auxiliary library's header: it does not read the core's limits, so
 * it brings its own assertion macro when none is defined yet. */
#ifndef VMAUX_H
#define VMAUX_H

#if !defined(vm_assert)
#if defined CHECK_INVARIANTS
#include <assert.h>
#define vm_assert(c) assert(c)
#else
#define vm_assert(c) ((void)0)
#endif
#endif

int aux_sum(const int *v, int n);
int aux_checks(void);

#endif
