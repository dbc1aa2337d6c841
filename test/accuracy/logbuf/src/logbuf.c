#include "logbuf.h"

#include <string.h>

void logbuf_init(struct logbuf *b) { memset(b, 0, sizeof *b); }

#ifdef AUDIT_TRAIL
/* Audits the whole buffer, unused tail included (it must stay zeroed):
   its cost is the buffer's size, whatever the records in it. */
void logbuf_audit(struct logbuf *b) {
  uint32_t sum = 0;
  for (size_t i = 0; i < LOGBUF_SIZE; ++i)
    sum = (sum << 5) + sum + b->data[i];
  b->audit = b->audit * 3u ^ sum;
}
#endif

void logbuf_flush(struct logbuf *b) {
  for (size_t i = 0; i < b->used; ++i)
    b->digest = b->digest * 31u + b->data[i];
  memset(b->data, 0, b->used);
  b->used = 0;
  ++b->flushes;
}

void logbuf_append(struct logbuf *b, const char *record, size_t len) {
  if (b->used + len > LOGBUF_SIZE)
    logbuf_flush(b);
  memcpy(b->data + b->used, record, len);
  b->used += len;
}
