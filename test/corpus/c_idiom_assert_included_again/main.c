#include <stdio.h>

#include "kvdebug.h"

void kv_put(int key, int value);
int kv_get(int key);

int main(void) {
  int sum = 0;
  for (int k = 0; k < 12; k++)
    kv_put(k * 3, k * k);
  for (int k = -1; k < 40; k++) {
    int v = kv_get(k);
    if (v >= 0)
      sum += v;
  }
  printf("sum %d checks %d\n", sum, kv_checks);
  return kv_checks % 7;
}
