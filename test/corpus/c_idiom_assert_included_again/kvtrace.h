/* Tracing of the store's operations: its own checks, with the C assertions
 * as the build defines them at this inclusion (no guard: read again by
 * every file that includes it). */
#include <assert.h>
#define kv_trace_check(e) assert(e)
