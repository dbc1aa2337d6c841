#include <stdio.h>

enum { OP_INC, OP_DBL, OP_END };

#define dispatch(op) switch (op)
#define opcase(l) case l:
#define next_op() break
#define DISPATCH_NAME "switch"

static long execute(const unsigned char *code, long acc) {
  int pc = 0;
#ifdef USE_JUMPTABLE
#include "jumptab.h"
#endif
  for (;; ++pc) {
    dispatch(code[pc]) {
      opcase(OP_INC) {
        acc += 1;
        next_op();
      }
      opcase(OP_DBL) {
        acc = (acc * 2) % 1000003;
        next_op();
      }
      opcase(OP_END) { return acc; }
    }
  }
}

int main(void) {
  const unsigned char code[] = {OP_INC, OP_DBL, OP_INC, OP_DBL, OP_END};
  long acc = 0;
  for (int i = 0; i < 100000; ++i)
    acc = execute(code, acc);
  /* The header's name when it was included. */
  printf("dispatch: %s\n", DISPATCH_NAME);
  printf("acc %ld\n", acc);
  return 0;
}

// REFUSAL: {{^.*}}/main.c:13:1: error: #include inside the body of 'execute' under feature USE_JUMPTABLE:
// REFUSAL-SAME: (the header redefines 'DISPATCH_NAME', which line 36 uses after the function)
// REFUSAL-NEXT: varsim: note: nothing was written
