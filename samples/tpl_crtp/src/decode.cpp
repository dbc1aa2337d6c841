#include "decode.h"

#include "decoder.h"

#include <cstdio>

// Names the configured decoder class: in the simulator a template over
// Decoder, called through a feature switch (one dispatch for all frames;
// the CRTP calls below it stay static).
std::uint32_t decodeAll(std::vector<Frame> &Frames) {
  Decoder D;
  std::uint32_t Last = 0;
  for (Frame &F : Frames)
    Last = D.run(F);
  std::printf("decoded %zu frames, audit digest %u\n", Frames.size(),
              D.digest());
  return Last;
}
