// A histogram whose bucket count is a per-feature macro used as a template
// argument and an array bound inside functions, and whose width is a
// numeric feature.
#include <array>
#include <cstdio>

#ifdef FINE
#define BUCKETS 8
#else
#define BUCKETS 4
#endif

static int fill(const int *data, int n) {
  std::array<int, BUCKETS> hist{};
  for (int i = 0; i < n; ++i)
    hist[static_cast<std::size_t>(data[i] * WIDTH) % hist.size()]++;
  int best = 0;
  for (std::size_t b = 0; b < hist.size(); ++b) {
    std::printf("%zu:%d ", b, hist[b]);
    if (hist[b] > hist[static_cast<std::size_t>(best)])
      best = static_cast<int>(b);
  }
  std::printf("\n");
  return best;
}

int main() {
  const int data[] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7};
  int b = fill(data, 14);
  std::printf("buckets %d width %d best %d\n", BUCKETS, WIDTH, b);
  return b;
}
