// Sums a vector with a strategy chosen by the ENGINE level.
#include <cstdio>
#include <vector>

#include "engine.hpp"

namespace {

long sum(const std::vector<int> &v, int &steps) {
  long total = 0;
  steps = 0;
#if ENGINE == ENGINE_SIMPLE
  for (int x : v) {
    total += x;
    ++steps;
  }
#elif ENGINE_AT_LEAST(ENGINE_BLOCKED)
  std::size_t i = 0;
  for (; i + 4 <= v.size(); i += 4) {
    total += static_cast<long>(v[i]) + v[i + 1] + v[i + 2] + v[i + 3];
    ++steps;
  }
  for (; i < v.size(); ++i, ++steps)
    total += v[i];
#else
  std::size_t i = 0;
  for (; i + 2 <= v.size(); i += 2, ++steps)
    total += static_cast<long>(v[i]) + v[i + 1];
  if (i < v.size()) {
    total += v[i];
    ++steps;
  }
#endif
  return total;
}

} // namespace

int main() {
  std::vector<int> v;
  for (int i = 1; i <= 23; ++i)
    v.push_back(i * 3 % 17);
  int steps = 0;
  long s = sum(v, steps);
  std::printf("sum %ld in %d steps\n", s, steps);
#if defined(CHECKED) && ENGINE_AT_LEAST(ENGINE_FAST)
  int check = 0;
  long again = sum(v, check);
  std::printf("checked: %s\n", again == s ? "ok" : "mismatch");
#endif
#if !ENGINE_AT_LEAST(ENGINE_FAST)
  std::printf("simple engine\n");
#endif
  return steps;
}
