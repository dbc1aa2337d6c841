/* The computed-goto dispatcher (GNU C labels as values): one indirect jump
 * per instruction instead of the switch's bounds check and table jump. */
#include "vm.h"

#ifdef VM_COMPUTED_GOTO
enum vm_result vm_run_fast(struct vm *m, const int32_t *code, size_t len);

enum vm_result vm_run_fast(struct vm *m, const int32_t *code, size_t len) {
  static const void *const labels[OP__COUNT] = {
      [OP_HALT] = &&op_halt, [OP_PUSH] = &&op_push, [OP_LOAD] = &&op_load,
      [OP_STORE] = &&op_store, [OP_ADD] = &&op_add, [OP_SUB] = &&op_sub,
      [OP_JNZ] = &&op_jnz, [OP_PRINT] = &&op_print,
#ifdef VM_OP_DUP
      [OP_DUP] = &&op_dup,
#endif
  };
  size_t pc = 0;
  int32_t op;
#define DISPATCH()                                                            \
  do {                                                                        \
    if (pc >= len)                                                            \
      return VM_DONE;                                                         \
    op = code[pc++];                                                          \
    m->steps++;                                                               \
    if (op < 0 || op >= OP__COUNT || !labels[op])                             \
      return VM_BAD_OP;                                                       \
    goto *labels[op];                                                         \
  } while (0)
  DISPATCH();
op_halt:
  return VM_DONE;
op_push:
  if (m->sp == VM_STACK_DEPTH)
    return VM_STACK_FAULT;
  m->stack[m->sp++] = code[pc++];
  DISPATCH();
op_load:
  if (m->sp == VM_STACK_DEPTH)
    return VM_STACK_FAULT;
  m->stack[m->sp++] = m->regs[code[pc++] % VM_REGISTERS];
  DISPATCH();
op_store:
  if (m->sp < 1)
    return VM_STACK_FAULT;
  m->regs[code[pc++] % VM_REGISTERS] = m->stack[--m->sp];
  DISPATCH();
op_add:
  if (m->sp < 2)
    return VM_STACK_FAULT;
  m->sp--;
  m->stack[m->sp - 1] += m->stack[m->sp];
  DISPATCH();
op_sub:
  if (m->sp < 2)
    return VM_STACK_FAULT;
  m->sp--;
  m->stack[m->sp - 1] -= m->stack[m->sp];
  DISPATCH();
#ifdef VM_OP_DUP
op_dup:
  if (m->sp < 1 || m->sp == VM_STACK_DEPTH)
    return VM_STACK_FAULT;
  m->stack[m->sp] = m->stack[m->sp - 1];
  m->sp++;
  DISPATCH();
#endif
op_jnz: {
  int32_t target = code[pc++];
  if (m->sp < 1)
    return VM_STACK_FAULT;
  if (m->stack[--m->sp] != 0)
    pc = (size_t)target;
  DISPATCH();
}
op_print:
  if (m->sp < 1)
    return VM_STACK_FAULT;
  m->last_print = m->stack[--m->sp];
  m->prints++;
  DISPATCH();
#undef DISPATCH
}
#endif
