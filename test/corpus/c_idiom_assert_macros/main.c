#include "vmconf.h"

enum { OP_PUSH, OP_ADD, OP_MUL, OP_POP, OP_DUP, OP_HALT };

typedef struct VM {
  int stack[16];
  int top;
  int pc;
  int traced;
} VM;

static void push(VM *vm, int v) {
  api_check(vm, vm->top < 16, "stack overflow");
  setslot(vm, vm->top, v);
  vm->top++;
}

static int pop(VM *vm) {
  vm_assert(vm->top > 0);
  return check_exp(vm->top > 0, vm->stack[--vm->top]);
}

static int run(VM *vm, const int *code) {
  for (vm->pc = 0;; ++vm->pc) {
    int op = code[vm->pc];
    vm_trace(vm, op);
    switch (op) {
    case OP_PUSH:
      push(vm, code[++vm->pc]);
      break;
    case OP_ADD: {
      int b = pop(vm), a = pop(vm);
      push(vm, (a + b) % 10007);
      break;
    }
    case OP_MUL: {
      int b = pop(vm), a = pop(vm);
      push(vm, (a * b) % 10007);
      break;
    }
    case OP_POP:
      (void)pop(vm);
      break;
    case OP_DUP:
      copyslot(vm, vm->top, vm->top - 1);
      vm->top++;
      break;
    default:
      vm_assert(op == OP_HALT);
      return check_exp(vm->top == 1, vm->stack[0]);
    }
  }
}

int main(void) {
  const int code[] = {OP_PUSH, 3, OP_PUSH, 4, OP_ADD, OP_PUSH, 5,
                      OP_MUL,  OP_DUP, OP_ADD, OP_PUSH, 9, OP_POP, OP_HALT};
  VM vm = {{0}, 0, 0, 0};
  long sum = 0;
  for (int i = 0; i < 400; ++i) {
    vm.top = 0;
    sum += run(&vm, code) + i;
  }
  printf("sum %ld traced %d\n", sum, vm.traced);
  return 0;
}
