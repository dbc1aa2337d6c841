/* xshell: runs a fixed script through the stack shell many times and
 * prints the checksum and an error histogram. */
#include "shell.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const script =
    "push 7 push 3 add dup mul print push 12 push 0 div print "
    "push 5 swap sub print push 40 push 6 mod print pop pop "
    "push 900 push 900 mul dup mul print frob push 2 push 9 swap sub print "
    "pop pop pop push 1 push 2 push 3 push 4 add add add print pop";

static int run_script(struct sh_machine *m, unsigned round) {
  char buf[512];
  char *tok, *save = NULL;
  int unknown = 0;

  strcpy(buf, script);
  for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
    int op = sh_lookup(tok);
    long operand = 0;
    if (op < 0) {
      ++unknown;
      m->errors[SH_E_UNKNOWN]++;
      continue;
    }
    if (sh_commands[op].arity > 0) {
      char *arg = strtok_r(NULL, " ", &save);
      if (!arg) {
        m->errors[SH_E_SYNTAX]++;
        break;
      }
      operand = strtol(arg, NULL, 10) + (long)(round % 3);
    }
    sh_exec(m, op, operand);
  }
  return unknown;
}

int main(int argc, char **argv) {
  struct sh_machine m;
  unsigned rounds = argc > 1 ? (unsigned)atoi(argv[1]) : 3000;
  unsigned r;
  int unknown = 0;
  int e;

  sh_init(&m);
  printf("xshell: %zu commands:", sh_command_count);
  for (size_t i = 0; i < sh_command_count; ++i)
    printf(" %s/%d", sh_commands[i].name, sh_commands[i].arity);
  printf("\n");

  for (r = 0; r < rounds; ++r) {
    unknown += run_script(&m, r);
    m.depth = 0;
  }

  printf("checksum %lu, unknown words %d\n", m.checksum, unknown);
  for (e = 0; e < SH_E_COUNT; ++e)
    if (m.errors[e])
      printf("  %-18s %lu\n", sh_strerror((enum sh_error)e), m.errors[e]);
#ifdef SH_TRACE
  printf("traced %lu operations\n", m.traced);
#endif
  return (int)(m.errors[SH_E_UNDERFLOW] % 7);
}
