// A word counter whose statistics and trace macros are compiled out with the
// usual ((void)0) bodies, and which numbers its checkpoints with __COUNTER__
// (in code common to every variant: the simulator's own markers must not
// shift the program's __COUNTER__ values).
#include <cstdio>
#include <cstring>

unsigned long gLookups, gHits;

#ifdef STATS
#define COUNT_LOOKUP() (++gLookups)
#define COUNT_HIT(n) ((void)(gHits += (n)))
#else
#define COUNT_LOOKUP() ((void)0)
#define COUNT_HIT(n) ((void)0)
#endif

#ifdef TRACE
#define TRACE_PROBE(what) std::printf("probe %d: %s\n", __LINE__, what)
#else
#define TRACE_PROBE(what) ((void)0)
#endif

static const int kFirstProbe = __COUNTER__;

static int countWord(const char *text, const char *word) {
  int n = 0;
  size_t len = std::strlen(word);
  for (const char *p = text; (p = std::strstr(p, word)) != nullptr; p += len) {
    COUNT_LOOKUP();
    ++n;
  }
  COUNT_HIT(n);
  TRACE_PROBE(word);
  return n;
}

int main() {
  const char *text = "the cat and the hat and the bat sat on the mat";
  const char *words[] = {"the", "at", "and", "dog"};
  int total = 0;
  for (const char *w : words) {
    int n = countWord(text, w);
#ifdef TRACE
    std::printf("%s: %d\n", w, n);
#endif
    total += n;
  }
  int lastProbe = __COUNTER__;
  std::printf("total %d, probes %d..%d\n", total, kFirstProbe, lastProbe);
#ifdef STATS
  std::printf("lookups %lu hits %lu\n", gLookups, gHits);
#endif
  return total % 7;
}
