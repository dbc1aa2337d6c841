#include <stdio.h>

enum command {
  CMD_NOP,
#ifdef CONFIG_ECHO
  CMD_ECHO,
#endif
  CMD_ADD,
  CMD_QUIT
};

static int execute(const int *prog, int n) {
  int acc = 0, steps = 0;
#ifdef CONFIG_TRACE
#define STEP(what) (steps++, printf("step %d: %s\n", steps, what))
#else
#define STEP(what) (steps++)
#endif
  for (int i = 0; i < n; i++) {
    switch (prog[i]) {
    case CMD_NOP:
      STEP("nop");
      break;
#ifdef CONFIG_ECHO
    case CMD_ECHO:
      STEP("echo");
      printf("acc = %d\n", acc);
      break;
#endif
    case CMD_ADD:
      STEP("add");
      acc += i;
      break;
    case CMD_QUIT:
      STEP("quit");
      return acc * 10 + steps;
    }
  }
  return -1;
}

int main(void) {
  int prog[] = {CMD_NOP, CMD_ADD, CMD_ADD,
#ifdef CONFIG_ECHO
                CMD_ECHO,
#endif
                CMD_QUIT};
  int r = execute(prog, (int)(sizeof prog / sizeof prog[0]));
  printf("result %d\n", r);
  return r % 50;
}

// REFUSAL: {{^.*}}/main.c:15:1: error: '#define STEP' in the body of 'execute': 'execute' uses the enumerator 'CMD_ADD', and the enumeration 'command' (its enumerators' values) differs per configuration of CONFIG_ECHO, so 'execute' is copied per configuration;
// REFUSAL-SAME: define 'STEP' (and the other macros the body defines) before the function, with the #if around them, or give the enumerators fixed values (`= N`)
// REFUSAL-NEXT: varsim: note: nothing was written
