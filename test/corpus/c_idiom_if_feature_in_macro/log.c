/* A BusyBox-style IF_X(...) used inside a function-like macro's body: the
 * use is only text until LOG's own uses expand it, so it cannot be written
 * as #if code where it stands. */
#include <stdio.h>

#ifdef CONFIG_FEATURE_TIMESTAMPS
#define IF_FEATURE_TIMESTAMPS(...) __VA_ARGS__
#else
#define IF_FEATURE_TIMESTAMPS(...)
#endif

#define LOG(msg, n) printf(IF_FEATURE_TIMESTAMPS("[%d] ") "%s\n", IF_FEATURE_TIMESTAMPS(n,) msg)

int main(void) {
  LOG("start", 1);
  LOG("stop", 2);
  return 0;
}

/* The refusal, pinned (run_corpus.py checks these lines with FileCheck):
// REFUSAL: {{^.*}}/log.c:7:1: error: macro 'IF_FEATURE_TIMESTAMPS' defined per feature expands to its argument or to nothing
// REFUSAL-SAME: write its uses under '#ifdef' of the feature
// REFUSAL-NEXT: varsim: note: nothing was written
*/
