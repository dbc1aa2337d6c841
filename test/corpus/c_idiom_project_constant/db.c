/* A tiny "amalgamation": the configuration and the code in one file. */
#include <stdio.h>
#include <string.h>

#ifndef DB_THREADSAFE
#define DB_THREADSAFE 1
#endif

/* Where temporary tables go: 1 = files unless asked, 3 = always memory. */
#ifndef DB_TEMP_STORE
#define DB_TEMP_STORE 1
#endif

#ifndef DB_MAX_WORKERS
#define DB_MAX_WORKERS 8
#endif
/* Without threads (or with no temporary files) there are no workers. */
#if DB_TEMP_STORE == 3 || DB_THREADSAFE == 0
#undef DB_MAX_WORKERS
#define DB_MAX_WORKERS 0
#endif

#if DB_THREADSAFE > 0 && DB_TEMP_STORE < 3
static int lock_count;
static void enter(void) { lock_count++; }
#else
#define enter() ((void)0)
#endif

static unsigned checksum(const char *text) {
  unsigned h = 5381;
  enter();
  for (size_t i = 0; text[i]; i++)
    h = h * 33 + (unsigned char)text[i];
#ifndef DB_OMIT_STATS
  printf("stats: %zu bytes\n", strlen(text));
#endif
  return h;
}

int main(void) {
  const char *rows[] = {"alpha", "beta", "gamma", "delta"};
  unsigned total = 0;
  for (int i = 0; i < 4; i++)
    total ^= checksum(rows[i]);
  int workers = DB_MAX_WORKERS;
  printf("workers=%d total=%u\n", workers, total);
#if DB_THREADSAFE > 0 && DB_TEMP_STORE < 3
  printf("locks=%d\n", lock_count);
#endif
  return workers + (int)(total % 5);
}
