/* longjmp out of two regions. Regions: 0 main, 1 deep, 2 deep's block. */
#include "varsim_generated.h"

#include <setjmp.h>
#include <stdio.h>

static jmp_buf back;

static void deep(void) {
  VARSIM_REGION(1);
  {
    VARSIM_REGION(2);
    longjmp(back, 1);
  }
}

int main(void) {
  VARSIM_REGION(0);
  if (!setjmp(back))
    deep();
  printf("back\n");
  return 0;
}
