#ifndef QA_SUBSYS_H
#define QA_SUBSYS_H

struct subsys {
  const char *name;
  int level;
  int (*init)(void);
  struct subsys *next;
};

void subsys_register(struct subsys *s);
int subsys_run_all(void);

/* subsys_initcall(fn, level): registers fn before main() runs. */
#define subsys_initcall(fn, lvl)                                               \
  static struct subsys qa_subsys_##fn = {#fn, lvl, fn, 0};                     \
  __attribute__((constructor)) static void qa_register_##fn(void) {            \
    subsys_register(&qa_subsys_##fn);                                          \
  }

#endif /* QA_SUBSYS_H */
