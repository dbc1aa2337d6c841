#include "writer.h"
#include <cstdio>

int main() {
  static Buffer Out;
  Writer<Buffer> W(Out);
  const char *Words[] = {"a", "bc", "say \"hi\"", "path/to/file", "x\\y",
                         "a longer plain string"};
  for (int Round = 0; Round < 200; ++Round)
    for (const char *S : Words)
      W.string(S);
  unsigned Sum = 0;
  for (std::size_t I = 0; I < Out.Size; ++I)
    Sum = Sum * 31u + static_cast<unsigned char>(Out.Data[I]);
  std::printf("%zu bytes, checksum %u, fast runs %zu\n", Out.Size, Sum,
              W.Runs);
  std::fwrite(Out.Data, 1, 120, stdout);
  std::printf("\n");
  return 0;
}
