#include <cstdio>

#include "registry.h"

int main() {
  const char *input = "aaabccddddz";
  char buf[64];
  int used = 0;
  for (CodecRegistrar *r = CodecRegistrar::head(); r; r = r->next) {
    Codec *codec = r->make();
    codec->encode(input, buf, sizeof buf);
    std::printf("%s: %s\n", codec->name(), buf);
    codec->encode("again", buf, sizeof buf);
    delete codec;
    ++used;
  }
  if (used == 0)
    std::printf("no codec built in\n");
  return used;
}
