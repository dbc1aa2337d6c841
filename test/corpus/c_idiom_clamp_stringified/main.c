#include <stdio.h>

#include "sortcfg.h"

int main(void) {
  printf("threadsafe %d, helpers %d (%s), sum %d\n", SORT_THREADSAFE,
         sort_helpers(), "MAX_HELPERS=" STR(SORT_MAX_HELPERS), sort_run(500));
  return 0;
}

// REFUSAL: {{^.*}}/main.c:7:41: error: the macro 'SORT_MAX_HELPERS' defined per feature is stringified here; its text differs per variant and a string literal cannot be selected at run time
