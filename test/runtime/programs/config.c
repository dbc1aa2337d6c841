/* Prints the value of every feature of the test tables. */
#include "varsim_generated.h"

#include <stdio.h>

int main(void) {
  VARSIM_REGION(0);
  printf("Root=%lld Core=%lld Codec=%lld GZIP=%lld LZ4=%lld LOG=%lld "
         "LEVEL=%lld\n",
         VARSIM_F_Root, VARSIM_F_Core, VARSIM_F_Codec, VARSIM_F_GZIP,
         VARSIM_F_LZ4, VARSIM_F_LOGGING, VARSIM_F_LEVEL);
  return 0;
}
