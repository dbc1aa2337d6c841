#include <stdio.h>
#include <string.h>

#include "autoconf.h"

static char log_buf[LOG_BUF_LEN];
static unsigned log_next;
static unsigned log_wrapped;

void printk_store(const char *msg) {
  for (const char *p = msg; *p; p++) {
    log_buf[log_next++ % LOG_BUF_LEN] = *p;
    if (log_next % LOG_BUF_LEN == 0)
      log_wrapped++;
  }
}

void printk_dump(void) {
  unsigned start = log_next > LOG_BUF_LEN ? log_next - LOG_BUF_LEN : 0;
  printf("log[%d] wrapped %u: ", LOG_BUF_LEN, log_wrapped);
  for (unsigned i = start; i < log_next; i++)
    putchar(log_buf[i % LOG_BUF_LEN]);
  putchar('\n');
}
