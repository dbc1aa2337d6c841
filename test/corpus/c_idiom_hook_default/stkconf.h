/* User-editable configuration of the stack machine. */
#ifndef STKCONF_H
#define STKCONF_H

#include <stdio.h>

/* Checks of API arguments: off unless asked for (then a failed check is
 * counted and reported, and the call is ignored). */
#if defined(STK_USE_APICHECK)
extern int stk_api_failures;
#define stk_apicheck(S, e)                                                     \
  ((e) ? 1 : (stk_api_failures++, fprintf(stderr, "api check: %s\n", #e), 0))
#endif

#if defined(STK_SMALL_CHUNKS)
#define STK_CHUNK 4
#endif

#endif
