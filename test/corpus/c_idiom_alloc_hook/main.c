/* A stream whose private state is allocated through user hooks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void *(*alloc_func)(void *opaque, unsigned items, unsigned size);
typedef void (*free_func)(void *opaque, void *address);

typedef struct stream {
  alloc_func zalloc;
  free_func zfree;
  void *opaque;
  struct state *state;
  unsigned long total;
} stream;

struct state {
  int level;
  unsigned char window[512];
#ifdef LARGE_WINDOW
  unsigned char lookahead[2048];
#endif
#ifdef KEEP_STATS
  unsigned long blocks;
#endif
  unsigned long hash;
};

#define ZALLOC(strm, items, size)                                              \
  (*((strm)->zalloc))((strm)->opaque, (items), (size))
#define ZFREE(strm, addr) (*((strm)->zfree))((strm)->opaque, (void *)(addr))

static void *default_alloc(void *opaque, unsigned items, unsigned size) {
  (*(int *)opaque)++;
  return calloc(items, size);
}
static void default_free(void *opaque, void *address) {
  (*(int *)opaque)--;
  free(address);
}

static void *checked_alloc(stream *strm, size_t size) {
  void *p = ZALLOC(strm, 1, (unsigned)size);
  if (!p)
    exit(2);
  return p;
}

static int stream_init(stream *strm, int level) {
  struct state *s = (struct state *)ZALLOC(strm, 1, sizeof(struct state));
  if (!s)
    return -1;
  s->level = level;
  strm->state = s;
  return 0;
}

static void stream_feed(stream *strm, const char *data, size_t n) {
  struct state *s = strm->state;
  size_t cap = sizeof(s->window);
  for (size_t i = 0; i < n; ++i) {
    s->window[i % cap] = (unsigned char)data[i];
#ifdef LARGE_WINDOW
    s->lookahead[(i * 7) % 2048] ^= (unsigned char)data[i];
    s->hash += s->lookahead[i % 2048];
#endif
    s->hash = s->hash * 33u + (unsigned char)data[i] + (unsigned)s->level;
  }
#ifdef KEEP_STATS
  s->blocks++;
#endif
  strm->total += n;
}

int main(void) {
  int live = 0;
  stream strm = {default_alloc, default_free, &live, NULL, 0};
  if (stream_init(&strm, 6) != 0)
    return 1;
  int *scratch = checked_alloc(&strm, sizeof(struct state) / 64 + 16);
  const char *text = "a stream of bytes fed in blocks to a hashing window; ";
  for (int i = 0; i < 3000; ++i)
    stream_feed(&strm, text, strlen(text));
  printf("total %lu hash %lu live %d\n", strm.total, strm.state->hash % 100000,
         live);
#ifdef KEEP_STATS
  printf("blocks %lu\n", strm.state->blocks);
#endif
  ZFREE(&strm, scratch);
  ZFREE(&strm, strm.state);
  printf("live after %d\n", live);
  return 0;
}
