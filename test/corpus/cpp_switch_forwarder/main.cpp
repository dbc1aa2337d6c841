#include "skip.h"

#include <cstdio>

int main() {
  static char Text[1 << 16];
  unsigned Seed = 7;
  for (unsigned I = 0; I + 1 < sizeof Text; ++I) {
    Seed = Seed * 1103515245u + 12345u;
    unsigned R = (Seed >> 16) % 8;
    Text[I] = R < 3 ? ' ' : R == 3 ? '\t' : static_cast<char>('a' + R);
  }
  long Words = 0, Letters = 0;
  for (int Round = 0; Round < 200; ++Round) {
    Stream In{Text};
    while (*In.Src) {
      skip(In);
      if (!*In.Src)
        break;
      ++Words;
      while (*In.Src && *In.Src != ' ' && *In.Src != '\t') {
        ++Letters;
        ++In.Src;
      }
    }
  }
  std::printf("words %ld letters %ld\n", Words, Letters);
  return 0;
}
