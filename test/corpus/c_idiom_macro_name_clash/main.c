#include <stdio.h>

#include "store.h"

int frames_for(int bytes);

int main(void) {
  printf("block %d sum %ld frames %d\n", BLOCK, store_sum(100),
         frames_for(40000));
  return 0;
}
