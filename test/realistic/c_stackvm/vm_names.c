#include "vm.h"

const char *vm_op_name(int op) {
  switch (op) {
  case OP_HALT:
    return "halt";
  case OP_PUSH:
    return "push";
  case OP_LOAD:
    return "load";
  case OP_STORE:
    return "store";
  case OP_ADD:
    return "add";
  case OP_SUB:
    return "sub";
#ifdef VM_OP_MUL
  case OP_MUL:
    return "mul";
  case OP_MOD:
    return "mod";
#endif
#ifdef VM_OP_DUP
  case OP_DUP:
    return "dup";
#endif
  case OP_JNZ:
    return "jnz";
  case OP_PRINT:
    return "print";
  default:
    return "?";
  }
}
