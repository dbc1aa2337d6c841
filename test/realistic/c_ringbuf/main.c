/* Moves messages through pool-allocated buffers and a ring buffer. */
#include <stdio.h>
#include <string.h>

#include "pool.h"
#include "ringbuf.h"

#ifdef RB_THREAD_SAFE
#include <pthread.h>

struct producer_args {
  ringbuf *rb;
  int rounds;
};

static void *producer(void *arg) {
  struct producer_args *a = arg;
  for (int i = 0; i < a->rounds; ++i) {
    char msg[8];
    int n = snprintf(msg, sizeof msg, "t%02d;", i);
    size_t done = 0;
    while (done < (size_t)n)
      done += rb_write(a->rb, msg + done, (size_t)n - done);
  }
  return NULL;
}
#endif

int main(void) {
  static uint8_t storage[128];
  static pool blocks;
  ringbuf rb;
  if (rb_init(&rb, storage, sizeof storage) != 0)
    return 1;
  pool_init(&blocks);

  const char *words[] = {"alpha", "bravo", "charlie", "delta", "echo",
                         "foxtrot", "golf", "hotel", "india", "juliet"};
  char *held[10];
  size_t total = 0;
  for (int i = 0; i < 10; ++i) {
    held[i] = pool_alloc(&blocks);
    if (!held[i])
      return 2;
    strcpy(held[i] + sizeof(void *), words[i]);
    total += rb_write(&rb, words[i], strlen(words[i]));
  }
  for (int i = 0; i < 10; i += 2)
    pool_free(&blocks, held[i]);
  printf("wrote %zu bytes, pool in use %zu\n", total, pool_in_use(&blocks));

  char chunk[24];
  size_t got;
  unsigned checksum = 0;
  while ((got = rb_read(&rb, chunk, sizeof chunk - 1)) > 0) {
    chunk[got] = '\0';
    for (size_t i = 0; i < got; ++i)
      checksum = checksum * 31 + (unsigned char)chunk[i];
    printf("read %2zu: %s\n", got, chunk);
  }

  /* Overfill on purpose: only 128 bytes fit. */
  char big[200];
  memset(big, 'x', sizeof big);
  size_t accepted = rb_write(&rb, big, sizeof big);
  printf("overfill accepted %zu of %zu\n", accepted, sizeof big);

#ifdef RB_POISON
  /* A stale pointer written after free must be caught by the next alloc. */
  held[0][sizeof(void *) + 3] = 'Z';
  void *again = pool_alloc(&blocks);
  printf("alloc after stale write: %s\n", again ? "ok" : "refused");
#endif

  char desc[128];
  rb_describe(&rb, desc, sizeof desc);
  printf("ring: %s\n", desc);

#ifdef RB_THREAD_SAFE
  /* Timing-dependent counters are reported before this point. */
  char drain[128];
  rb_read(&rb, drain, sizeof drain);
  struct producer_args args = {&rb, 20};
  pthread_t thread;
  pthread_create(&thread, NULL, producer, &args);
  size_t consumed = 0;
  while (consumed < 80)
    consumed += rb_read(&rb, drain, sizeof drain);
  pthread_join(thread, NULL);
  printf("threaded: consumed %zu bytes\n", consumed);
#endif

#ifdef RB_DEBUG
  printf("pool high water: %zu\n", pool_high_water(&blocks));
#endif
  rb_destroy(&rb);
  return (int)(checksum % 7) + (int)pool_in_use(&blocks);
}
