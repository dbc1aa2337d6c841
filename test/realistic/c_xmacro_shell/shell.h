#ifndef XSHELL_SHELL_H
#define XSHELL_SHELL_H

#include <stddef.h>

#ifndef SH_STACK_MAX
#define SH_STACK_MAX 16
#endif

/* Error codes with their numeric value and message (X-macro list). */
#define SH_BASE_ERRORS(X)                                                      \
  X(OK, 0, "ok")                                                               \
  X(UNDERFLOW, 1, "stack underflow")                                           \
  X(OVERFLOW, 2, "stack overflow")                                             \
  X(UNKNOWN, 3, "unknown command")                                             \
  X(SYNTAX, 4, "missing operand")

enum sh_error {
#define SH_ERR_ENUM(name, code, text) SH_E_##name = code,
  SH_BASE_ERRORS(SH_ERR_ENUM)
#ifdef SH_DIV
  SH_E_DIVZERO = 5,
#endif
#ifdef SH_CHECKED
  SH_E_RANGE = 6,
#endif
#undef SH_ERR_ENUM
  SH_E_COUNT = 7
};

/* One opcode per command of cmds.def. */
enum sh_opcode {
#define SH_CMD(name, arity, help) SH_OP_##name,
#include "cmds.def"
#undef SH_CMD
  SH_OP_COUNT
};

struct sh_command_info {
  const char *name;
  int arity;
  const char *help;
};

struct sh_machine {
  long stack[SH_STACK_MAX];
  int depth;
  unsigned long checksum;
  unsigned long errors[SH_E_COUNT];
#ifdef SH_TRACE
  unsigned long traced;
#endif
};

extern const struct sh_command_info sh_commands[];
extern const size_t sh_command_count;

const char *sh_strerror(enum sh_error e);
int sh_lookup(const char *name);
enum sh_error sh_exec(struct sh_machine *m, int op, long operand);
void sh_init(struct sh_machine *m);

#endif /* XSHELL_SHELL_H */
