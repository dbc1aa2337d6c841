/* Internal assertions of a small stack machine, on in debug builds. */
#ifndef VMCONF_H
#define VMCONF_H

#include <assert.h>
#include <stdio.h>

#if defined(CHECK_INVARIANTS)
#define vm_assert(c) assert(c)
#define check_exp(c, e) (vm_assert(c), (e))
#define api_check(vm, c, msg) ((void)(vm), vm_assert((c) && msg))
#else
#define vm_assert(c) ((void)0)
#define check_exp(c, e) (e)
#define api_check(vm, c, msg) ((void)(vm), ((void)0))
#endif

/* Store macros that check what they store (the check nested in them). */
#define setslot(vm, i, v)                                                      \
  {                                                                            \
    int *slot_ = &(vm)->stack[(i)];                                            \
    *slot_ = (v);                                                              \
    vm_assert(*slot_ == (v));                                                  \
  }
#define copyslot(vm, to, from) setslot(vm, to, (vm)->stack[(from)])

#ifdef TRACE_OPS
#define vm_trace(vm, op)                                                       \
  do {                                                                         \
    (vm)->traced++;                                                            \
    if ((vm)->traced % 500 == 0)                                               \
      printf("op %d at %d\n", (int)(op), (vm)->pc);                            \
  } while (0)
#else
#define vm_trace(vm, op) ((void)0)
#endif

#endif
