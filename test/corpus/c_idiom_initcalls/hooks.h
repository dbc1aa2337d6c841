#ifndef HOOKS_H
#define HOOKS_H

typedef int (*hook_fn)(void);

void hook_add(const char *name, int order, hook_fn fn);
int hooks_run(void);
extern int boot_stage;

/* early_hook(fn, order): fn runs from hooks_run(), registered before
 * main(); early_hook_prio also fixes when the registration runs. */
#define early_hook(fn, order)                                                 \
  __attribute__((constructor)) static void add_##fn(void) {                   \
    hook_add(#fn, order, fn);                                                  \
  }
#define early_hook_prio(fn, order, prio)                                      \
  __attribute__((constructor(prio))) static void add_##fn(void) {             \
    hook_add(#fn, order, fn);                                                  \
  }

#endif
