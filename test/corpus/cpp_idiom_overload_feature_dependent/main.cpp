#include <cstdio>

// A logger that writes numbers; ints get a compact form under an option.
static long written = 0;

void put(long v) { written += v * 2; }

#ifdef INTLOG
void put(int v) { written += v; }
#endif

template <typename T> void logAll(const T *values, int n) {
  for (int i = 0; i < n; ++i)
    put(values[i]);
}

int main() {
  const int values[4] = {1, 2, 3, 4};
  logAll(values, 4);
  std::printf("written %ld\n", written);
#ifdef LOG_STATS
  std::printf("stats\n");
#endif
  return static_cast<int>(written % 5);
}

// REFUSAL: {{^.*}}/main.cpp:14:5: error: the overload 'put(int)' is defined only where INTLOG holds; the simulator holds the declarations of every variant, so the configurations without it would call it too: this call resolves to 'put(long)' (main.cpp:6) where it is not defined;
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
