#include "varsim_generated.h"

extern "C" int lib_part(int);
extern "C" int cpp_part(int);

extern "C" int cpp_part(int x) {
  VARSIM_REGION(1);
  return lib_part(x) + 1;
}
