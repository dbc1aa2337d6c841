/* The registry: sorted by level, then by name, so link order does not
 * matter. */
#include <stdio.h>
#include <string.h>

#include "subsys.h"

static struct subsys *head;
int core_booted;

void subsys_register(struct subsys *s) {
  struct subsys **p = &head;
  while (*p && ((*p)->level < s->level ||
                ((*p)->level == s->level && strcmp((*p)->name, s->name) < 0)))
    p = &(*p)->next;
  s->next = *p;
  *p = s;
}

int subsys_run_all(void) {
  int failed = 0;
  for (struct subsys *s = head; s; s = s->next) {
    int rc = s->init();
    printf("init %-12s level %d -> %d\n", s->name, s->level, rc);
    if (rc)
      failed++;
  }
  return failed;
}

static int core_init(void) {
  core_booted = 1;
  return 0;
}
subsys_initcall(core_init, 0)
