/* A logger whose functions gain parameters with features. */
#include <stdio.h>

static int emitted;

static void log_line(const char *msg
#ifdef LEVELS
                     , int level
#endif
) {
#ifdef LEVELS
  if (level < 2)
    return;
  printf("[%d] ", level);
#endif
#ifdef PREFIX
  printf("app: ");
#endif
  printf("%s\n", msg);
  emitted++;
}

int main(void) {
  const char *events[] = {"start", "load", "warn", "save", "stop"};
  for (int i = 0; i < 5; ++i)
    log_line(events[i]
#ifdef LEVELS
             , i % 4
#endif
    );
  return emitted;
}
