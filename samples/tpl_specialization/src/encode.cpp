#include "encode.h"

#include <cstdio>

// Names the configured specialization: in the simulator a template over
// kCodec, called through a feature switch (one dispatch for all blocks).
void encodeAll(const std::vector<Block> &Blocks) {
  std::size_t Stored = 0;
  long Sum = 0;
  for (const Block &B : Blocks) {
    Block E = Encoder<kCodec>::encode(B);
    Stored += E.size();
    for (int V : E)
      Sum += V;
  }
  std::printf("codec %s: %zu values stored, sum %ld\n", Encoder<kCodec>::kName,
              Stored, Sum);
}
