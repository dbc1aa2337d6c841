/* A buffered log writer: records are appended to an in-memory buffer that
   is flushed (here: folded into a digest standing for the write) when full. */
#ifndef LOGBUF_H
#define LOGBUF_H
#include <stddef.h>
#include <stdint.h>

#ifdef LOW_MEMORY
#define LOGBUF_SIZE (16 * 1024) /* halved for small devices */
#else
#define LOGBUF_SIZE (32 * 1024)
#endif

struct logbuf {
  unsigned char data[LOGBUF_SIZE];
  size_t used;
  uint32_t digest;
  unsigned flushes;
  uint32_t audit; /* the running audit checksum (AUDIT_TRAIL) */
};

void logbuf_init(struct logbuf *b);
void logbuf_append(struct logbuf *b, const char *record, size_t len);
void logbuf_flush(struct logbuf *b);
void logbuf_audit(struct logbuf *b);

#endif
