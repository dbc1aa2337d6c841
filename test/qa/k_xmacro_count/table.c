/* The system call table: numbers, names and argument counts from one list. */
#include <stdio.h>

enum syscall_nr {
#define SYSCALL(name, nargs) NR_##name,
#include "syscalls.def"
#undef SYSCALL
  NR_syscalls
};

static const char *const syscall_names[] = {
#define SYSCALL(name, nargs) #name,
#include "syscalls.def"
#undef SYSCALL
};

static const unsigned char syscall_nargs[] = {
#define SYSCALL(name, nargs) nargs,
#include "syscalls.def"
#undef SYSCALL
};

int main(void) {
  int args = 0;
  for (int nr = 0; nr < NR_syscalls; nr++) {
    printf("%2d %-6s %u\n", nr, syscall_names[nr], syscall_nargs[nr]);
    args += syscall_nargs[nr];
  }
  printf("%d system calls, exit is number %d, %d arguments in all\n",
         (int)NR_syscalls, (int)NR_exit, args);
  return NR_exit;
}
