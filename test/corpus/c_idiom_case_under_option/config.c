/* A small database's run-time configuration (SQLite style): a variadic
 * entry point whose switch has the threading cases only in a threadsafe
 * build (DB_THREADSAFE 0, 1 or 2); elsewhere those options are misuse. */
#include <stdarg.h>
#include <stdio.h>

#define DB_OK 0
#define DB_MISUSE 21

#define CFG_SINGLETHREAD 1
#define CFG_MULTITHREAD 2
#define CFG_SERIALIZED 3
#define CFG_LOOKASIDE 4
#define CFG_MUTEX_SLOTS 5

struct db_config {
  int core_mutex, full_mutex, lookaside, slots;
};
static struct db_config cfg;

int db_config(int op, ...) {
  va_list ap;
  int rc = DB_OK;
  va_start(ap, op);
  switch (op) {
#if defined(DB_THREADSAFE) && DB_THREADSAFE > 0
  case CFG_SINGLETHREAD: {
    cfg.core_mutex = 0;
    cfg.full_mutex = 0;
    break;
  }
#endif
#if defined(DB_THREADSAFE) && DB_THREADSAFE > 0
  case CFG_MULTITHREAD: {
    cfg.core_mutex = 1;
    cfg.full_mutex = 0;
    break;
  }
  case CFG_SERIALIZED: {
    cfg.core_mutex = 1;
    cfg.full_mutex = 1;
    break;
  }
#endif
  case CFG_LOOKASIDE: {
    cfg.lookaside = va_arg(ap, int);
    break;
  }
#if DB_THREADSAFE == 2
  case CFG_MUTEX_SLOTS:
    cfg.slots = va_arg(ap, int);
    break;
#endif
  default: {
    rc = DB_MISUSE;
    break;
  }
  }
  va_end(ap);
  return rc;
}

/* A switch without a default: a missing case does nothing. One case falls
 * into the conditional one, which falls into the next. */
int db_weight(int op) {
  int w = 0;
  switch (op) {
  case CFG_SINGLETHREAD:
    w += 1;
#if DB_THREADSAFE > 0
    /* fall through */
  case CFG_MULTITHREAD:
    w += 10;
#endif
    /* fall through */
  case CFG_SERIALIZED:
    w += 100;
    break;
#if DB_THREADSAFE == 1
  case CFG_MUTEX_SLOTS:
    w += 1000;
    break;
#endif
  }
  return w;
}

void db_show(void) {
  printf("core %d full %d lookaside %d slots %d\n", cfg.core_mutex,
         cfg.full_mutex, cfg.lookaside, cfg.slots);
}
