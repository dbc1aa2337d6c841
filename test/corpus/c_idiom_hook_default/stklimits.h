/* Internal limits and the defaults of the hooks stkconf.h may define. */
#ifndef STKLIMITS_H
#define STKLIMITS_H

#include "stkconf.h"

#if !defined(stk_apicheck)
#define stk_apicheck(S, e) ((void)(S), 1)
#endif

#if !defined(STK_CHUNK)
#define STK_CHUNK 16
#endif

#define api_check(S, e) stk_apicheck(S, (e))

#endif
