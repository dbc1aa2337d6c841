#ifndef CONFIG_H
#define CONFIG_H

struct CacheConfig {
  int memstatus;
  int size;
  const char *name;
  int hits, misses;
};

/* The global configuration (main.c), read by the report too. */
extern struct CacheConfig cacheConfig;
void report(void);

#endif
