#ifndef STACKVM_VM_H
#define STACKVM_VM_H

#include <stddef.h>
#include <stdint.h>

/* Opcodes. Optional instructions are compiled in by feature, so the
 * numbering of the later opcodes depends on the configuration (as in many
 * small interpreters). */
enum vm_op {
  OP_HALT,
  OP_PUSH,
  OP_LOAD,
  OP_STORE,
  OP_ADD,
  OP_SUB,
#ifdef VM_OP_MUL
  OP_MUL,
  OP_MOD,
#endif
#ifdef VM_OP_DUP
  OP_DUP,
#endif
  OP_JNZ,
  OP_PRINT,
  OP__COUNT
};

#define VM_STACK_DEPTH 32
#define VM_REGISTERS 8

struct vm {
  int64_t stack[VM_STACK_DEPTH];
  int64_t regs[VM_REGISTERS];
  size_t sp;
  unsigned long steps;
#ifdef VM_PROFILE
  unsigned long op_counts[OP__COUNT];
#endif
  int64_t last_print;
  unsigned prints;
};

enum vm_result { VM_DONE = 0, VM_BAD_OP = 3, VM_STACK_FAULT = 4 };

void vm_init(struct vm *m);
enum vm_result vm_run(struct vm *m, const int32_t *code, size_t len);
const char *vm_op_name(int op);
const char *vm_dispatch_name(void);

#endif
