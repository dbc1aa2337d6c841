// A registry with function-local static state in feature code.
#include <cstdio>
#include <string>
#include <unordered_map>

static int lookup(const std::string &key) {
#ifdef LAZY_TABLE
  static const std::unordered_map<std::string, int> table = [] {
    std::printf("building table\n");
    return std::unordered_map<std::string, int>{{"red", 1}, {"green", 2}, {"blue", 3}};
  }();
  auto it = table.find(key);
  int v = it == table.end() ? 0 : it->second;
#else
  int v = static_cast<int>(key.size());
#endif
#ifdef COUNTERS
  static int calls = 0;
  ++calls;
  std::printf("lookup #%d\n", calls);
#endif
  return v;
}

int main() {
  int sum = 0;
  for (const char *k : {"red", "blue", "purple", "green"})
    sum += lookup(k);
  std::printf("sum %d\n", sum);
  return sum;
}
