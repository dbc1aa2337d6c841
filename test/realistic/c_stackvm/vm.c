#include "vm.h"

#include <string.h>

void vm_init(struct vm *m) { memset(m, 0, sizeof *m); }

#ifdef VM_PROFILE
#define PROFILE(m, op) ((m)->op_counts[(op)]++)
#else
#define PROFILE(m, op) ((void)0)
#endif

#define NEED(n)                                                               \
  do {                                                                        \
    if (m->sp < (n))                                                          \
      return VM_STACK_FAULT;                                                  \
  } while (0)

const char *vm_dispatch_name(void) {
#ifdef VM_COMPUTED_GOTO
  return "computed goto";
#else
  return "switch";
#endif
}

enum vm_result vm_run(struct vm *m, const int32_t *code, size_t len) {
  size_t pc = 0;
  while (pc < len) {
    int32_t op = code[pc++];
    m->steps++;
    PROFILE(m, op);
    switch (op) {
    case OP_HALT:
      return VM_DONE;
    case OP_PUSH:
      if (m->sp == VM_STACK_DEPTH)
        return VM_STACK_FAULT;
      m->stack[m->sp++] = code[pc++];
      break;
    case OP_LOAD:
      if (m->sp == VM_STACK_DEPTH)
        return VM_STACK_FAULT;
      m->stack[m->sp++] = m->regs[code[pc++] % VM_REGISTERS];
      break;
    case OP_STORE:
      NEED(1);
      m->regs[code[pc++] % VM_REGISTERS] = m->stack[--m->sp];
      break;
    case OP_ADD:
      NEED(2);
      m->sp--;
      m->stack[m->sp - 1] += m->stack[m->sp];
      break;
    case OP_SUB:
      NEED(2);
      m->sp--;
      m->stack[m->sp - 1] -= m->stack[m->sp];
      break;
#ifdef VM_OP_MUL
    case OP_MUL:
      NEED(2);
      m->sp--;
      m->stack[m->sp - 1] *= m->stack[m->sp];
      break;
    case OP_MOD:
      NEED(2);
      m->sp--;
      if (m->stack[m->sp] == 0)
        return VM_BAD_OP;
      m->stack[m->sp - 1] %= m->stack[m->sp];
      break;
#endif
#ifdef VM_OP_DUP
    case OP_DUP:
      NEED(1);
      if (m->sp == VM_STACK_DEPTH)
        return VM_STACK_FAULT;
      m->stack[m->sp] = m->stack[m->sp - 1];
      m->sp++;
      break;
#endif
    case OP_JNZ: {
      int32_t target = code[pc++];
      NEED(1);
      if (m->stack[--m->sp] != 0)
        pc = (size_t)target;
      break;
    }
    case OP_PRINT:
      NEED(1);
      m->last_print = m->stack[--m->sp];
      m->prints++;
      break;
    default:
      return VM_BAD_OP;
    }
  }
  return VM_DONE;
}
