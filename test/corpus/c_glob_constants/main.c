/* Constants, types, bounds and widths chosen per feature at file scope. */
#include <stdio.h>

#ifdef LARGE
#define SLOTS 12
static const int limit = 100;
typedef long long total_t;
#define TOTAL_FMT "%lld"
#else
#define SLOTS 5
static const int limit = 7;
typedef short total_t;
#define TOTAL_FMT "%d"
#endif

#ifdef WIDE_TAG
#define TAG_BITS 10
#else
#define TAG_BITS 3
#endif

struct slot {
  unsigned tag : TAG_BITS;
  unsigned used : 1;
};

static struct slot slots[SLOTS];
static int level = LEVEL;
static const int scaled = LEVEL * 10 + SLOTS;
_Static_assert(SLOTS > 2, "at least three slots");

static long long sum(int n) {
  total_t t = 0;
  for (int i = 0; i < n; ++i)
    t = (total_t)(t + i * limit);
  return t;
}

int main(void) {
  for (int i = 0; i < SLOTS; ++i) {
    slots[i].tag = (unsigned)(i * 37 + level) & ((1u << TAG_BITS) - 1u);
    slots[i].used = (unsigned)(i % 2);
  }
  unsigned tags = 0;
  for (unsigned i = 0; i < sizeof slots / sizeof slots[0]; ++i)
    tags += slots[i].tag;
  total_t t = sum(400);
  printf("slots %u tags %u level %d scaled %d limit %d sizeof(total) %u "
         "total " TOTAL_FMT "\n",
         (unsigned)(sizeof slots / sizeof slots[0]), tags, level, scaled,
         limit, (unsigned)sizeof(total_t), t);
  return (int)(tags % 50) + level;
}
