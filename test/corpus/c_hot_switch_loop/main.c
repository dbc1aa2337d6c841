/* blur: a box blur over a small image whose border handling (WRAP) and
   centre weight (HEAVY) are one-line functions defined per feature, called
   from the hot loops (versioned per switch combination by the rewrite). */
#include <stdio.h>

#define W 23
#define H 17

static unsigned char img[H][W];

#ifdef WRAP
static int at(int x, int y) { return img[(y + H) % H][(x + W) % W]; }
#else
static int at(int x, int y) {
  if (x < 0 || y < 0 || x >= W || y >= H)
    return 0;
  return img[y][x];
}
#endif

#ifdef HEAVY
static int weight(int dx, int dy) { return dx == 0 && dy == 0 ? 4 : 1; }
#else
static int weight(int dx, int dy) { return (dx | dy) != 0 || 1; }
#endif

/* A chain function: no loop of its own, versioned for its callers. */
static int cell(int x, int y, int dx, int dy) {
  return weight(dx, dy) * at(x + dx, y + dy);
}

static int box(int x, int y) {
  int s = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      s += cell(x, y, dx, dy);
  return s;
}

/* A static local: copying the function would split its state, so it is
   left as it is. */
static int counted(int x, int y) {
  static int calls;
  ++calls;
  for (int i = 0; i < 1; ++i)
    if (calls % 97 == 0)
      return at(x, y) + calls % 3;
  return at(x, y);
}

/* A member of the same name as a switch: renaming its calls would break
   them, so the function keeps calling the switch. */
struct reader {
  int (*at)(int, int);
};

static int by_table(const struct reader *r) {
  int s = 0;
  for (int x = 0; x < W; ++x)
    s += r->at(x, 0) + at(x, 1);
  return s;
}

/* Recursion through its own versions, and __func__ inside a version. */
static long sweep(int row, long acc) {
  if (row == H) {
    printf("%s done\n", __func__);
    return acc;
  }
  for (int x = 0; x < W; ++x)
    acc += box(x, row) + counted(x, row);
  return sweep(row + 1, acc);
}

int main(void) {
  unsigned s = 7;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      s = s * 1103515245u + 12345u;
      img[y][x] = (unsigned char)((s >> 16) & 0xff);
    }
  long total = 0;
  for (int round = 0; round < 3; ++round) {
    total += sweep(0, round);
#ifdef TRACE
    printf("round %d: %ld\n", round, total);
#endif
  }
  struct reader r = {at};
  printf("total %ld, at(0,0)=%d at(-1,-1)=%d table %d\n", total, at(0, 0),
         at(-1, -1), by_table(&r));
  return (int)(total % 7);
}

/* The rewritten file (run_corpus.py checks these lines with FileCheck):
   cell and box get a version per variant pair of the switches at, weight calling the
   variants directly; box and sweep (loops) become dispatchers; counted
   (a static local) and by_table (a member named like the switch) call
   the switch.
// REWRITE: static int cell(int x, int y, int dx, int dy) {
// REWRITE: static int cell__varsim_hot_0_0(int x, int y, int dx, int dy) {
// REWRITE-NEXT: return weight__varsim_HEAVY(dx, dy) * at__varsim_WRAP(x + dx, y + dy);
// REWRITE: static int cell__varsim_hot_1_1(int x, int y, int dx, int dy) {
// REWRITE-NEXT: return weight__varsim_not_HEAVY(dx, dy) * at__varsim_not_WRAP(x + dx, y + dy);
// REWRITE: static int box__varsim_hot_1_0(int x, int y) {
// REWRITE: s += cell__varsim_hot_1_0(x, y, dx, dy);
// REWRITE: static int box(int x, int y) { if (VARSIM_F_WRAP) { if (VARSIM_F_HEAVY) { return box__varsim_hot_0_0(x, y); } return box__varsim_hot_0_1(x, y); } if (VARSIM_F_HEAVY) { return box__varsim_hot_1_0(x, y); } return box__varsim_hot_1_1(x, y); }
// REWRITE: static int counted(int x, int y) {
// REWRITE-NOT: counted__varsim_hot
// REWRITE: return at(x, y);
// REWRITE-NOT: by_table__varsim_hot
// REWRITE: static int by_table(const struct reader *r) {
// REWRITE-NEXT: int s = 0;
// REWRITE-NOT: by_table__varsim_hot
// REWRITE: s += r->at(x, 0) + at(x, 1);
// REWRITE: static long sweep__varsim_hot_0_1(int row, long acc) {
// REWRITE: acc += box__varsim_hot_0_1(x, row) + counted(x, row);
// REWRITE-NEXT: return sweep__varsim_hot_0_1(row + 1, acc);
// REWRITE: int main(void) {
*/
