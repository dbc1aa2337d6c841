// A data pipeline built from lambdas with feature code inside them.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <numeric>
#include <vector>

int main() {
  std::vector<int> data(12);
  std::iota(data.begin(), data.end(), 1);
#ifdef SQUARE
  int exponent = 2;
#else
  int exponent = 1;
#endif
  int traced = 0;
  auto transform = [&](int v) {
    int r = v;
    for (int i = 1; i < exponent; ++i)
      r *= v;
#ifdef TRACE
    ++traced;
    if (v % 5 == 0)
      std::printf("  transform %d -> %d\n", v, r);
#endif
    return r;
  };
  std::function<bool(int)> keep = [](int v) {
#ifdef FILTER_ODD
    return v % 2 == 0;
#else
    return v > 0;
#endif
  };
  std::vector<int> out;
  for (int v : data)
    if (keep(v))
      out.push_back(transform(v));
  long sum = std::accumulate(out.begin(), out.end(), 0L);
  std::printf("%zu values, sum %ld, traced %d\n", out.size(), sum, traced);
  return static_cast<int>(sum % 97);
}
