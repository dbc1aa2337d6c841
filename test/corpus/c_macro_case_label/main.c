/* A message dispatcher whose opcodes depend on the protocol version. */
#include <stdio.h>

#ifdef V2
#define OP_PING 0x10
#define OP_DATA 0x11
#define OP_QUIT 0x1f
#else
#define OP_PING 1
#define OP_DATA 2
#define OP_QUIT 9
#endif

static int handle(int op, int arg) {
  switch (op) {
  case OP_PING:
    printf("pong\n");
    return 0;
  case OP_DATA:
    printf("data %d\n", arg);
    return arg;
#ifdef EXTENDED
  case OP_DATA + 1:
    printf("extended data %d\n", arg * 2);
    return arg * 2;
#endif
  case OP_QUIT:
    printf("quit\n");
    return -1;
  default:
    printf("unknown op %d\n", op);
    return 0;
  }
}

int main(void) {
  const int ops[] = {1, 2, 3, 0x10, 0x11, 0x12, 9, 0x1f};
  int sum = 0;
  for (int i = 0; i < 8; ++i) {
    int r = handle(ops[i], i + 1);
    if (r < 0)
      break;
    sum += r;
  }
  printf("sum %d\n", sum);
  return sum;
}
