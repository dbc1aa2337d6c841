#include "varsim_generated.h"

int lib_part(int);

int lib_part(int x) {
  VARSIM_REGION(2);
  return x * VARSIM_F_LEVEL;
}
