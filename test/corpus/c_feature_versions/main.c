/* hist: a histogram of a pseudo-random series. Its hot loops read features
   the way real code does: a check macro defined per feature (CHECKS, like
   lua_assert), a block under #ifdef (SMOOTH) and a numeric feature whose
   values have gaps (BINS 4, 8 or 16; the simulator accepts 4..16). The
   rewrite versions them per feature value (rewrite/FeatureVersions.cpp). */
#include <stdio.h>

#ifndef BINS
#define BINS 8
#endif

static int failures;

#ifdef CHECKS
#define check(c) ((c) ? (void)0 : (void)++failures)
#else
#define check(c) ((void)0)
#endif

static unsigned seed = 12345u;

/* No feature, but called from one place (fill): copied along with fill,
   one copy per version of fill, so that each is again called once. */
static unsigned next(void) {
  seed = seed * 1103515245u + 12345u;
  return (seed >> 16) & 0x7fff;
}

/* Small and loopless, called from one place (fill's loop): versioned
   along with fill (its features are among fill's). */
static int bucket(unsigned v) {
  int b = (int)(v % BINS);
  check(b >= 0 && b < BINS);
  return b;
}

/* A loop reading features: a dispatcher and one version per value of
   CHECKS and of BINS (which bucket reads: the versions call bucket's). */
static void fill(int *hist, int n) {
  for (int i = 0; i < n; ++i) {
    unsigned v = next();
    check(v < 0x8000);
    hist[bucket(v)]++;
  }
}

/* A block under #ifdef in a loop. */
static void smooth(int *hist) {
  for (int i = 1; i < BINS; ++i) {
    int v = hist[i];
#ifdef SMOOTH
    v = (v + hist[i - 1]) / 2;
#endif
    check(v >= 0);
    hist[i] = v;
  }
}

/* Recursion through its own version. */
static long moment(const int *hist, int from) {
  long s = 0;
  for (int i = from; i < from + 1 && i < BINS; ++i)
    s += (long)hist[i] * (i + 1);
  check(s >= 0);
  return from >= BINS ? 0 : s + moment(hist, from + 1);
}

/* Its address is taken in its own body: the name stays declared. */
typedef int (*peak_fn)(const int *, int);
static int peak(const int *hist, int depth) {
  peak_fn self = peak;
  int best = 0;
  for (int i = 1; i < BINS; ++i)
    if (hist[i] > hist[best])
      best = i;
  check(best < BINS);
  if (depth > 0)
    return self(hist, depth - 1);
  return best;
}

/* A mutable static local: copies would split its state, left alone. */
static int calls(void) {
  static int count;
  for (int i = 0; i < 1; ++i)
    ++count;
  check(count > 0);
  return count;
}

/* An immutable table, copied with each version. */
static int weigh(const int *hist) {
  static const int w[4] = {3, 1, 4, 1};
  int s = 0;
  for (int i = 0; i < BINS; ++i)
    s += hist[i] * w[i % 4];
  check(s >= 0);
  return s;
}

/* An #if inside an expression: lifted into a copy per SMOOTH, each copy
   then versioned per the features it still reads. */
static int spread(const int *hist) {
  int lo = hist[0], hi = hist[0];
  for (int i = 1; i < BINS; ++i) {
    if (hist[i] < lo
#ifdef SMOOTH
        && hist[i] > 0
#endif
    )
      lo = hist[i];
    if (hist[i] > hi)
      hi = hist[i];
  }
  check(hi >= lo);
  return hi - lo;
}

int main(void) {
  int hist[BINS] = {0};
  for (int round = 0; round < 3; ++round) {
    fill(hist, 200 * (round + 1));
    smooth(hist);
    printf("round %d: moment %ld peak %d spread %d weigh %d\n", round,
           moment(hist, 0), peak(hist, 2), spread(hist), weigh(hist));
  }
  printf("bins %d calls %d failures %d\n", BINS, calls(), failures);
}

/* The rewritten file (run_corpus.py checks these lines with FileCheck):
   bucket (loopless) keeps its body and gets versions per BINS (3 values
   and one that reads BINS at run time) and CHECKS; fill, smooth, moment
   and peak become dispatchers; fill's versions call bucket's matching one
   (and next's: both are called only there) and moment's call themselves;
   calls (a mutable static local) stays as it is; each copy of spread
   (lifted per SMOOTH) is versioned per the features it still reads.
// REWRITE: static int bucket(unsigned v) {
// REWRITE: #define VARSIM_F_BINS ((long long)4LL)
// REWRITE: static int bucket__varsim_fv_0_0(unsigned v) {
// REWRITE: static int bucket__varsim_fv_3_1(unsigned v) {
// REWRITE: static void fill__varsim_fv_2_1(int *hist, int n) {
// REWRITE: unsigned v = next__varsim_fv_2_1();
// REWRITE: hist[bucket__varsim_fv_2_1(v)]++;
// REWRITE: static void fill(int *hist, int n) { if (VARSIM_D_BINS == 4LL)
// REWRITE: #define VARSIM_F_SMOOTH ((long long)1LL)
// REWRITE: static void smooth__varsim_fv_
// REWRITE: static long moment__varsim_fv_1_0(const int *hist, int from) {
// REWRITE: return from >= VARSIM_INT(VARSIM_F_BINS) ? 0 : s +
moment__varsim_fv_1_0(hist, from + 1);
// REWRITE: static int peak(const int *hist, int depth);
// REWRITE: static int calls(void) {
// REWRITE-NOT: calls__varsim_fv
// REWRITE: spread__varsim_SMOOTH__varsim_fv_
*/
