// An optimizer whose passes depend on a numeric optimization level.
#include <iostream>
#include <string>
#include <vector>

static std::vector<std::string> passes() {
  std::vector<std::string> p{"parse"};
#if LEVEL >= 1
  p.push_back("inline");
#endif
#if LEVEL >= 2
  p.push_back("vectorize");
#elif LEVEL == 1
  p.push_back("simplify");
#else
  p.push_back("none");
#endif
#if defined(UNROLL) && LEVEL >= 1
  p.push_back("unroll");
#endif
  return p;
}

int main() {
  auto p = passes();
  int cost = 0;
  for (const auto &s : p) {
    std::cout << s << "\n";
    cost += static_cast<int>(s.size());
  }
  return cost;
}
