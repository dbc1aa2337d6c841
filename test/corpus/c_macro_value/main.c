/* A direct-mapped cache simulation; sizes come from feature macros. */
#include <stdio.h>

#ifdef BIG
#define LINES 64
#define LINE_BYTES 32
#else
#define LINES 8
#define LINE_BYTES 16
#endif

#ifdef AGGRESSIVE
#define PREFETCH(addr) ((addr) + LINE_BYTES)
#else
#define PREFETCH(addr) (addr)
#endif

static long tags[64];

static int access_addr(long addr) {
  long line = addr / LINE_BYTES;
  int slot = (int)(line % LINES);
  if (tags[slot] == line)
    return 1;
  tags[slot] = line;
  return 0;
}

int main(void) {
  for (int i = 0; i < 64; ++i)
    tags[i] = -1;
  int hits = 0, accesses = 0;
  for (int round = 0; round < 3; ++round)
    for (long addr = 0; addr < 1024; addr += 12) {
      hits += access_addr(addr);
      long next = PREFETCH(addr);
      if (next != addr)
        access_addr(next);
      accesses++;
    }
  printf("cache %d lines x %d bytes\n", LINES, LINE_BYTES);
  printf("%d hits of %d\n", hits, accesses);
  return hits * 100 / accesses;
}
