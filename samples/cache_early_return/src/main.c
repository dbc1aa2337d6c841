/* lookup REQUESTS KEYS: REQUESTS lookups over KEYS distinct keys (in
   rounds), then prints the sum of the values and the number of misses. */
#include "lookup.h"
#include "work.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: lookup REQUESTS KEYS\n");
    return 2;
  }
  int requests = atoi(argv[1]);
  int keys = atoi(argv[2]);
  if (requests <= 0 || keys <= 0) {
    fprintf(stderr, "lookup: REQUESTS and KEYS must be positive\n");
    return 2;
  }
  work_ms(20.0); /* Start-up: 20 ms. */
  long sum = 0;
  for (int i = 0; i < requests; ++i)
    sum += lookup(i % keys);
  printf("sum %ld, %d computed of %d\n", sum, lookup_misses, requests);
  return 0;
}
