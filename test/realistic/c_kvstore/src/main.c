/* kvtool: replays a fixed script of operations against a store and prints
 * what it sees. The exit code is the number of failed reads (capped). */
#include <stdio.h>
#include <string.h>

#include "kv.h"
#include "log.h"

struct op {
  char kind; /* p(ut) g(et) d(elete) */
  const char *key;
  const char *value;
};

static const struct op script[] = {
    {'p', "alpha", "1"},     {'p', "beta", "22"},    {'p', "gamma", "333"},
    {'g', "beta", NULL},     {'p', "delta", "4444"}, {'p', "eps", "5"},
    {'g', "zeta", NULL},     {'p', "eta", "six"},    {'p', "theta", "7"},
    {'d', "gamma", NULL},    {'g', "gamma", NULL},   {'p', "iota", "8"},
    {'p', "kappa", "9"},     {'p', "beta", "two"},   {'g', "beta", NULL},
    {'g', "alpha", NULL},    {'p', "lambda", "10"},  {'d', "nope", NULL},
};

static void sum_lengths(const char *key, const char *value, void *ctx) {
  size_t *total = ctx;
  *total += strlen(key) + strlen(value);
}

int main(void) {
  kv_store *kv = kv_open();
  if (!kv) {
    kv_error("out of memory");
    return 99;
  }
  int failed = 0;
  for (size_t i = 0; i < sizeof script / sizeof script[0]; ++i) {
    const struct op *op = &script[i];
    const char *value = NULL;
    switch (op->kind) {
    case 'p':
      if (kv_put(kv, op->key, op->value) != KV_OK)
        ++failed;
      break;
    case 'g':
      if (kv_get(kv, op->key, &value) == KV_OK)
        printf("get %s = %s\n", op->key, value);
      else {
        printf("get %s: missing\n", op->key);
        ++failed;
      }
      break;
    case 'd':
      if (kv_delete(kv, op->key) != KV_OK)
        kv_info("delete of absent key '%s'", op->key);
      break;
    }
  }

#ifdef CHECKSUM
  kv_corrupt_for_testing(kv, "eta");
  int bad = kv_verify(kv);
  printf("verify: %d corrupt entr%s\n", bad, bad == 1 ? "y" : "ies");
  const char *probe;
  if (kv_get(kv, "eta", &probe) == KV_CORRUPT)
    failed += 2;
#endif

  size_t total = 0;
  kv_foreach(kv, sum_lengths, &total);
  printf("%zu keys, %zu bytes\n", kv_count(kv), total);
#ifdef STATS
  kv_stats_report(kv);
#endif
#if LOG_LEVEL > 0
  printf("log lines: %lu\n", kv_log_lines());
#endif
  kv_close(kv);
  return failed > 9 ? 9 : failed;
}
