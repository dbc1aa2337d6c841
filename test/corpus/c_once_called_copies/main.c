/* mixer: a checksum over a scrambled series. run's loop reads HALVE, so
   the rewrite versions run per HALVE (rewrite/FeatureVersions.cpp). The
   native variant inlines the static functions called from one place (mix,
   and inner inside it); the simulator keeps that by copying them along
   with run, one copy per version, each again called from one place. */
#include <stdio.h>

static long total;

/* Called from one place (mix): copied along with mix. */
static void inner(long v) { total += v & 7; }

/* Called from one place (run's loop), reads no feature: copied. */
static long mix(long v) {
  long r = v * 31 + 7;
  for (int k = 0; k < 3; ++k)
    r ^= r >> (k + 1);
  inner(r);
  return r;
}

/* Called from two places: not copied. */
static long twice(long v) { return v * 3 + 1; }

/* Called from one place, but its address is taken (main): not copied. */
static long addressed(long v) { return v ^ 0x55; }

static long run(int n) {
  long s = 0;
  for (int i = 0; i < n; ++i) {
    long m = mix(i);
#ifdef HALVE
    m /= 2;
#endif
    s += m + twice(i) + addressed(i);
  }
  return s + twice(n);
}

/* A mutable static local: copies would split the count. Not copied, and
   its only caller (tally) then gets no versions (they would call it from
   two places). */
static int counter(void) {
  static int count;
  return ++count;
}

static int tally(int n) {
  int c = 0;
  for (int i = 0; i < n; ++i) {
#ifdef TRACE
    c += counter();
#else
    c += 2;
#endif
  }
  return c;
}

int main(void) {
  long (*op)(long) = addressed;
  long s = run(1000);
  printf("run %ld total %ld op %ld tally %d\n", s, total, op(3), tally(50));
  return 0;
}

/* The rewritten file (run_corpus.py checks these lines with FileCheck):
   inner and mix keep their (now unused) bodies and get a copy per version
   of run; each version of run calls its own copy of mix, which calls its
   own copy of inner; twice and addressed stay as they are; tally, whose
   once-called counter cannot be copied, gets no versions.
// REWRITE: __attribute__((unused)) static void inner(long v)
// REWRITE: VARSIM_ONE_CALLER static void inner__varsim_fv_0(long v)
// REWRITE: VARSIM_ONE_CALLER static void inner__varsim_fv_1(long v)
// REWRITE: __attribute__((unused)) static long mix(long v)
// REWRITE: inner(r);
// REWRITE: VARSIM_ONE_CALLER static long mix__varsim_fv_0(long v)
// REWRITE: inner__varsim_fv_0(r);
// REWRITE: VARSIM_ONE_CALLER static long mix__varsim_fv_1(long v)
// REWRITE: inner__varsim_fv_1(r);
// REWRITE-NOT: twice__varsim_fv
// REWRITE-NOT: addressed__varsim_fv
// REWRITE: static long run__varsim_fv_0(int n)
// REWRITE: long m = mix__varsim_fv_0(i);
// REWRITE: s += m + twice(i) + addressed(i);
// REWRITE: static long run__varsim_fv_1(int n)
// REWRITE: long m = mix__varsim_fv_1(i);
// REWRITE: static long run(int n) { if
// REWRITE-NOT: counter__varsim_fv
// REWRITE-NOT: tally__varsim_fv
// REWRITE: static int tally(int n) {
*/
