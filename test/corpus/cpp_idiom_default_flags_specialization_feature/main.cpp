#include "emitter.h"
#include <cstdio>

int main() {
  out::StringSink Sink;
  out::Emitter<out::StringSink> E(Sink);
  const char *Words[] = {"plain", "say \"hi\"", "back\\slash", "x"};
  for (int Round = 0; Round < 3; ++Round)
    for (const char *W : Words)
      E.string(W);
  std::printf("%s\nfast runs %u\n", Sink.Text.c_str(), E.FastRuns);
  return 0;
}
