#include <cassert>
#include <cstdio>

#include "stack.hpp"

namespace app {
int audits = 0;

bool audit(long V) {
  ++audits;
  return V < 5000;
}
} // namespace app

int main() {
  app::Stack<long> S;
  long Total = 0;
  for (int I = 0; I < 100000; ++I) {
    S.push(I % 97);
    if (S.size() > 64)
      Total += S.pop();
  }
  auto Scaled = [](long V) {
#ifdef WIDE
    V *= 100; // Past the audit's bound: without NDEBUG the variant aborts.
#endif
    assert(app::audit(V));
    return V;
  };
  for (int I = 0; I < 60; ++I)
    Total += Scaled(I);
#ifdef TRACE
  std::printf("stack checks %d, audits %d\n", S.checks(), app::audits);
#endif
  std::printf("total %ld, checks %d\n", Total, S.checks() + app::audits);
  return (S.checks() + app::audits) % 251;
}
