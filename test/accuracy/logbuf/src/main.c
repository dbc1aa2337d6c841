/* logbuf: writes a stream of access-log records through a buffered log. */
#include "logbuf.h"

#include <stdio.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: logbuf WORKLOAD\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "r");
  unsigned records;
  if (!f || fscanf(f, "%u", &records) != 1) {
    fprintf(stderr, "%s: cannot read the workload\n", argv[1]);
    return 2;
  }
  fclose(f);
  static struct logbuf log;
  logbuf_init(&log);
  char line[128];
  for (unsigned i = 0; i < records; ++i) {
    int len = snprintf(line, sizeof line, "10.0.%u.%u GET /item/%u 200 %u\n",
                       (i >> 8) & 255, i & 255, i % 9973, 512 + i % 4096);
    logbuf_append(&log, line, (size_t)len);
#ifdef AUDIT_TRAIL
    if (i % 512 == 511) /* a periodic audit checkpoint */
      logbuf_audit(&log);
#endif
  }
  logbuf_flush(&log);
  printf("flushes %u digest %08x", log.flushes, (unsigned)log.digest);
#ifdef AUDIT_TRAIL
  printf(" audit %08x", (unsigned)log.audit);
#endif
  printf("\n");
  return 0;
}
