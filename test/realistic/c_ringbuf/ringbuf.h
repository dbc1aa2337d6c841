/* A byte ring buffer backed by a fixed-block pool allocator.
 *
 * Options:
 *   RB_DEBUG        count operations and check invariants
 *   RB_POISON       fill freed pool blocks with a poison byte (needs RB_DEBUG)
 *   RB_THREAD_SAFE  protect every operation with a mutex
 */
#ifndef RINGBUF_H
#define RINGBUF_H

#include <stddef.h>
#include <stdint.h>

#ifdef RB_THREAD_SAFE
#include <pthread.h>
#endif

#ifndef RB_POISON_BYTE
#define RB_POISON_BYTE 0xA5
#endif

typedef struct ringbuf {
  uint8_t *data;
  size_t capacity; /* a power of two */
  size_t head;     /* next byte to write */
  size_t tail;     /* next byte to read */
#ifdef RB_THREAD_SAFE
  pthread_mutex_t lock;
#endif
#ifdef RB_DEBUG
  unsigned long writes;
  unsigned long reads;
  unsigned long overruns;
#endif
} ringbuf;

static inline size_t rb_used(const ringbuf *rb) { return rb->head - rb->tail; }
static inline size_t rb_free(const ringbuf *rb) {
  return rb->capacity - rb_used(rb);
}
static inline size_t rb_mask(const ringbuf *rb, size_t i) {
  return i & (rb->capacity - 1);
}

#ifdef RB_THREAD_SAFE
#define RB_LOCK(rb) pthread_mutex_lock(&(rb)->lock)
#define RB_UNLOCK(rb) pthread_mutex_unlock(&(rb)->lock)
#else
#define RB_LOCK(rb) ((void)0)
#define RB_UNLOCK(rb) ((void)0)
#endif

int rb_init(ringbuf *rb, uint8_t *storage, size_t capacity);
void rb_destroy(ringbuf *rb);
size_t rb_write(ringbuf *rb, const void *src, size_t n);
size_t rb_read(ringbuf *rb, void *dst, size_t n);
void rb_describe(const ringbuf *rb, char *out, size_t outlen);

#endif
