/* A ring buffer whose size and opcodes are per-feature macros used where
   C requires constants (a local array bound, case labels), and a numeric
   feature used as a value. */
#include <stdio.h>

#ifdef LARGE
#define SLOTS 8
#else
#define SLOTS 3
#endif

#ifdef V2
#define OP_PUSH 0x20
#define OP_POP 0x21
#else
#define OP_PUSH 1
#define OP_POP 2
#endif

static int run(const int *ops, int n) {
  int ring[SLOTS];
  int head = 0, size = 0, out = 0;
  for (int i = 0; i < n; ++i) {
    switch (ops[i]) {
    case OP_PUSH:
      ring[(head + size) % SLOTS] = i * LEVEL;
      if (size < SLOTS)
        size++;
      else
        head = (head + 1) % SLOTS;
      break;
    case OP_POP:
      if (size > 0) {
        out += ring[head];
        head = (head + 1) % SLOTS;
        size--;
      }
      break;
    default:
      out -= 1;
    }
  }
  printf("slots %d size %d level %d\n", (int)(sizeof ring / sizeof ring[0]),
         size, LEVEL);
  return out;
}

int main(void) {
  const int ops[] = {1, 1, 0x20, 1, 2, 0x21, 1, 1, 1, 1, 2, 2, 0x20};
  int r = run(ops, (int)(sizeof ops / sizeof ops[0]));
  printf("result %d\n", r);
  return r & 0x7f;
}
