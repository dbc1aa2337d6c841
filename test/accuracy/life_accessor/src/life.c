/* life: Conway's Game of Life on a grid. On a torus (TORUS_WORLD) the
   neighbour lookups go through a one-line wrapping accessor, the hottest
   function of the program; on a bounded world through a bounds check. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct grid {
  int width, height;
  unsigned char *cells;
};

#ifdef TORUS_WORLD
// clang-format off: the hot accessor stays one line
static inline int cell_at(const struct grid *g, int x, int y) { return g->cells[((y + g->height) % g->height) * g->width + (x + g->width) % g->width]; }
// clang-format on
#else
static inline int cell_at(const struct grid *g, int x, int y) {
  if (x < 0 || y < 0 || x >= g->width || y >= g->height)
    return 0;
  return g->cells[y * g->width + x];
}
#endif

static int neighbours(const struct grid *g, int x, int y) {
  int n = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (dx || dy)
        n += cell_at(g, x + dx, y + dy);
  return n;
}

static void step(const struct grid *from, struct grid *to) {
  for (int y = 0; y < from->height; ++y)
    for (int x = 0; x < from->width; ++x) {
      int n = neighbours(from, x, y);
      int alive = from->cells[y * from->width + x];
      to->cells[y * to->width + x] =
          (unsigned char)(n == 3 || (alive && n == 2));
    }
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: life WORKLOAD\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "r");
  int size, generations;
  if (!f || fscanf(f, "%d %d", &size, &generations) != 2 || size < 4) {
    fprintf(stderr, "%s: cannot read the workload\n", argv[1]);
    return 2;
  }
  fclose(f);
  struct grid a = {size, size, calloc((size_t)size * size, 1)};
  struct grid b = {size, size, calloc((size_t)size * size, 1)};
  unsigned state = 31337;
  for (int i = 0; i < size * size; ++i) {
    state = state * 1103515245u + 12345u;
    a.cells[i] = (state >> 16) % 4 == 0;
  }
  for (int gen = 0; gen < generations; ++gen) {
    step(&a, &b);
    struct grid t = a;
    a = b;
    b = t;
#ifdef CENSUS
    if (gen % 8 == 0) {
      int alive = 0;
      for (int i = 0; i < size * size; ++i)
        alive += a.cells[i];
      printf("generation %d: %d alive\n", gen, alive);
    }
#endif
  }
  unsigned long hash = 5381;
  for (int i = 0; i < size * size; ++i)
    hash = hash * 33 + a.cells[i];
  printf("after %d generations: %08lx\n", generations, hash & 0xffffffff);
  free(a.cells);
  free(b.cells);
  return 0;
}
