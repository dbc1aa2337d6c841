/* stackvm: assembles a small bytecode program (a loop that sums a series)
 * for the instructions this build has, runs it, and prints the result,
 * the number of steps and (VM_PROFILE) the instruction mix. */
#include <stdio.h>

#include "vm.h"

#ifdef VM_COMPUTED_GOTO
enum vm_result vm_run_fast(struct vm *m, const int32_t *code, size_t len);
#define RUN vm_run_fast
#else
#define RUN vm_run
#endif

#define ITERATIONS 150000

/* r0 = counter, r1 = accumulator. */
static size_t assemble(int32_t *code) {
  size_t n = 0;
  code[n++] = OP_PUSH;
  code[n++] = ITERATIONS;
  code[n++] = OP_STORE;
  code[n++] = 0;
  size_t loop = n;
  code[n++] = OP_LOAD;
  code[n++] = 1;
  code[n++] = OP_LOAD;
  code[n++] = 0;
#if defined(VM_OP_MUL) && defined(VM_OP_DUP)
  code[n++] = OP_DUP;
  code[n++] = OP_MUL;
  code[n++] = OP_PUSH;
  code[n++] = 1000003;
  code[n++] = OP_MOD;
#elif defined(VM_OP_MUL)
  code[n++] = OP_LOAD;
  code[n++] = 0;
  code[n++] = OP_MUL;
#elif defined(VM_OP_DUP)
  code[n++] = OP_DUP;
  code[n++] = OP_ADD;
#endif
  code[n++] = OP_ADD;
  code[n++] = OP_STORE;
  code[n++] = 1;
  code[n++] = OP_LOAD;
  code[n++] = 0;
  code[n++] = OP_PUSH;
  code[n++] = 1;
  code[n++] = OP_SUB;
#ifdef VM_OP_DUP
  code[n++] = OP_DUP;
  code[n++] = OP_STORE;
  code[n++] = 0;
#else
  code[n++] = OP_STORE;
  code[n++] = 0;
  code[n++] = OP_LOAD;
  code[n++] = 0;
#endif
  code[n++] = OP_JNZ;
  code[n++] = (int32_t)loop;
  code[n++] = OP_LOAD;
  code[n++] = 1;
  code[n++] = OP_PRINT;
  code[n++] = OP_HALT;
  return n;
}

int main(void) {
  int32_t code[64];
  struct vm m;
  size_t len = assemble(code);
  enum vm_result r;

  vm_init(&m);
  r = RUN(&m, code, len);
  printf("stackvm (%s dispatch, %d opcodes): %zu words of code\n",
         vm_dispatch_name(), (int)OP__COUNT, len);
  printf("result %lld after %lu steps, %u prints\n", (long long)m.last_print,
         m.steps, m.prints);
#ifdef VM_PROFILE
  for (int op = 0; op < OP__COUNT; ++op)
    if (m.op_counts[op] != 0)
      printf("  %-6s %lu\n", vm_op_name(op), m.op_counts[op]);
#else
  printf("last opcode: %s\n", vm_op_name(OP_PRINT));
#endif
  return r == VM_DONE ? (int)(m.last_print % 50) : 100 + (int)r;
}
