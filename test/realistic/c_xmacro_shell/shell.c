/* shell.c - the stack machine behind the shell. */
#include "shell.h"

#include <stdio.h>
#include <string.h>

const struct sh_command_info sh_commands[] = {
#define SH_CMD(name, arity, help) {#name, arity, help},
#include "cmds.def"
#undef SH_CMD
};

const size_t sh_command_count = sizeof sh_commands / sizeof sh_commands[0];

static const char *const sh_error_text[SH_E_COUNT] = {
#define SH_ERR_TEXT(name, code, text) [code] = text,
    SH_BASE_ERRORS(SH_ERR_TEXT)
#undef SH_ERR_TEXT
#ifdef SH_DIV
    [SH_E_DIVZERO] = "division by zero",
#endif
#ifdef SH_CHECKED
    [SH_E_RANGE] = "value out of range",
#endif
};

#ifdef SH_TRACE
#define SH_TRACE_AT(m, op)                                                     \
  do {                                                                         \
    if (((m)->traced++ % 4096) == 0)                                           \
      printf("trace %s:%d op=%s depth=%d\n", __func__, __LINE__,              \
             sh_commands[(op)].name, (m)->depth);                              \
  } while (0)
#else
#define SH_TRACE_AT(m, op) do { } while (0)
#endif

const char *sh_strerror(enum sh_error e) {
  if ((int)e < 0 || e >= SH_E_COUNT || !sh_error_text[e])
    return "?";
  return sh_error_text[e];
}

int sh_lookup(const char *name) {
  size_t i;
  for (i = 0; i < sh_command_count; ++i)
    if (strcmp(sh_commands[i].name, name) == 0)
      return (int)i;
  return -1;
}

void sh_init(struct sh_machine *m) {
  memset(m, 0, sizeof *m);
}

static enum sh_error pop2(struct sh_machine *m, long *a, long *b) {
  if (m->depth < 2)
    return SH_E_UNDERFLOW;
  *b = m->stack[--m->depth];
  *a = m->stack[--m->depth];
  return SH_E_OK;
}

static enum sh_error push(struct sh_machine *m, long v) {
  if (m->depth >= SH_STACK_MAX)
    return SH_E_OVERFLOW;
#ifdef SH_CHECKED
  if (v > 1000000L || v < -1000000L)
    return SH_E_RANGE;
#endif
  m->stack[m->depth++] = v;
  return SH_E_OK;
}

enum sh_error sh_exec(struct sh_machine *m, int op, long operand) {
  long a, b;
  enum sh_error e = SH_E_OK;

  SH_TRACE_AT(m, op);
  switch ((enum sh_opcode)op) {
  case SH_OP_push:
    e = push(m, operand);
    break;
  case SH_OP_pop:
    if (m->depth == 0)
      e = SH_E_UNDERFLOW;
    else
      --m->depth;
    break;
  case SH_OP_add:
  case SH_OP_sub:
  case SH_OP_mul:
    if ((e = pop2(m, &a, &b)) != SH_E_OK)
      break;
    e = push(m, op == SH_OP_add ? a + b : op == SH_OP_sub ? a - b : a * b);
    break;
#ifdef SH_DIV
  case SH_OP_div:
  case SH_OP_mod:
    if ((e = pop2(m, &a, &b)) != SH_E_OK)
      break;
    if (b == 0) {
      e = SH_E_DIVZERO;
      break;
    }
    e = push(m, op == SH_OP_div ? a / b : a % b);
    break;
#endif
#ifdef SH_STACKOPS
  case SH_OP_dup:
    if (m->depth == 0) {
      e = SH_E_UNDERFLOW;
      break;
    }
    e = push(m, m->stack[m->depth - 1]);
    break;
  case SH_OP_swap:
    if ((e = pop2(m, &a, &b)) != SH_E_OK)
      break;
    m->stack[m->depth++] = b;
    m->stack[m->depth++] = a;
    break;
#endif
  case SH_OP_print:
    if (m->depth == 0) {
      e = SH_E_UNDERFLOW;
      break;
    }
    m->checksum = m->checksum * 31u + (unsigned long)m->stack[m->depth - 1];
    break;
  case SH_OP_COUNT:
  default:
    e = SH_E_UNKNOWN;
    break;
  }
  m->errors[e]++;
  return e;
}
