#include "ringbuf.h"

#include <stdio.h>
#include <string.h>

#ifdef RB_DEBUG
static void check_invariants(const ringbuf *rb, const char *where) {
  if (rb_used(rb) > rb->capacity)
    printf("ringbuf: invariant broken in %s: used %zu > capacity %zu\n", where,
           rb_used(rb), rb->capacity);
}
#define RB_CHECK(rb) check_invariants((rb), __func__)
#else
#define RB_CHECK(rb) ((void)0)
#endif

int rb_init(ringbuf *rb, uint8_t *storage, size_t capacity) {
  if (capacity == 0 || (capacity & (capacity - 1)) != 0)
    return -1;
  memset(rb, 0, sizeof *rb);
  rb->data = storage;
  rb->capacity = capacity;
#ifdef RB_THREAD_SAFE
  if (pthread_mutex_init(&rb->lock, NULL) != 0)
    return -1;
#endif
  return 0;
}

void rb_destroy(ringbuf *rb) {
#ifdef RB_THREAD_SAFE
  pthread_mutex_destroy(&rb->lock);
#endif
  rb->data = NULL;
}

size_t rb_write(ringbuf *rb, const void *src, size_t n) {
  const uint8_t *in = src;
  RB_LOCK(rb);
  size_t room = rb_free(rb);
  if (n > room) {
#ifdef RB_DEBUG
    rb->overruns++;
#endif
    n = room;
  }
  for (size_t i = 0; i < n; ++i)
    rb->data[rb_mask(rb, rb->head + i)] = in[i];
  rb->head += n;
#ifdef RB_DEBUG
  rb->writes++;
#endif
  RB_CHECK(rb);
  RB_UNLOCK(rb);
  return n;
}

size_t rb_read(ringbuf *rb, void *dst, size_t n) {
  uint8_t *out = dst;
  RB_LOCK(rb);
  size_t avail = rb_used(rb);
  if (n > avail)
    n = avail;
  for (size_t i = 0; i < n; ++i)
    out[i] = rb->data[rb_mask(rb, rb->tail + i)];
  rb->tail += n;
#ifdef RB_DEBUG
  rb->reads++;
#endif
  RB_CHECK(rb);
  RB_UNLOCK(rb);
  return n;
}

void rb_describe(const ringbuf *rb, char *out, size_t outlen) {
  int len = snprintf(out, outlen, "used=%zu free=%zu", rb_used(rb),
                     rb_free(rb));
#ifdef RB_DEBUG
  if (len > 0 && (size_t)len < outlen)
    snprintf(out + len, outlen - (size_t)len,
             " writes=%lu reads=%lu overruns=%lu", rb->writes, rb->reads,
             rb->overruns);
#else
  (void)len;
#endif
}
