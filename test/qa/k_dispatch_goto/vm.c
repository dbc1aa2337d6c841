#include <stdio.h>

#if 'A' == 65 && '0' == 48
#define DIGIT_VALUE(c) ((c) - '0')
#else
#define DIGIT_VALUE(c) ((int)(c) % 16)
#endif

#if defined(CONFIG_COMPUTED_GOTO) && !defined(__GNUC__)
#error "computed goto needs GNU C"
#endif

enum opcode {
#define OP(name, effect) OP_##name,
#include "opcodes.def"
#undef OP
  OP__COUNT
};

static const signed char stack_effect[] = {
#define OP(name, effect) effect,
#include "opcodes.def"
#undef OP
};

static long run(const unsigned char *code) {
  long stack[16];
  int sp = 0;
  const unsigned char *pc = code;
  long printed = 0;
#ifdef CONFIG_COMPUTED_GOTO
  static void *const dispatch[] = {
#include "jumptab.h"
  };
#define NEXT() goto *dispatch[*pc++]
#define CASE(name) L_##name:
  NEXT();
#else
#define NEXT() break
#define CASE(name) case OP_##name:
  for (;;) {
    switch (*pc++) {
#endif
  CASE(PUSH) {
    stack[sp++] = DIGIT_VALUE(*pc++);
    NEXT();
  }
  CASE(ADD) {
    sp--;
    stack[sp - 1] += stack[sp];
    NEXT();
  }
  CASE(SUB) {
    sp--;
    stack[sp - 1] -= stack[sp];
    NEXT();
  }
#ifdef CONFIG_OP_MUL
  CASE(MUL) {
    sp--;
    stack[sp - 1] *= stack[sp];
    NEXT();
  }
#endif
  CASE(DUP) {
    stack[sp] = stack[sp - 1];
    sp++;
    NEXT();
  }
  CASE(PRINT) {
    printf("%ld\n", stack[--sp]);
    printed++;
    NEXT();
  }
  CASE(HALT) { return printed * 100 + sp; }
#ifndef CONFIG_COMPUTED_GOTO
  default:
    return -1;
    }
  }
#endif
}

int main(void) {
  unsigned char prog[32];
  int n = 0;
  prog[n++] = OP_PUSH, prog[n++] = '7';
  prog[n++] = OP_DUP;
  prog[n++] = OP_PUSH, prog[n++] = '3';
#ifdef CONFIG_OP_MUL
  prog[n++] = OP_MUL;
#else
  prog[n++] = OP_ADD;
#endif
  prog[n++] = OP_PRINT;
  prog[n++] = OP_PUSH, prog[n++] = '2';
  prog[n++] = OP_SUB;
  prog[n++] = OP_PRINT;
  prog[n++] = OP_HALT;
  long r = run(prog);
#ifdef CONFIG_COMPUTED_GOTO
  printf("dispatch: computed goto\n");
#else
  printf("dispatch: switch\n");
#endif
  int effects = 0;
  for (int i = 0; i < OP__COUNT; i++)
    effects += stack_effect[i];
  printf("%d opcodes, effect sum %d, run %ld\n", (int)OP__COUNT, effects, r);
  return (int)(r % 256);
}
