#include "tonemap.h"

#include "pixel.h"
#include "work.h"

#include <cstdio>
#include <vector>

// Reads the pixel traits: in the simulator a template over PixelTraits,
// called through a feature switch.
unsigned long toneMap(const Image &Img) {
  std::vector<PixelTraits::Channel> Out(Img.Raw.size());
  PixelTraits::Accumulator Digest = 0;
  const int Max = (1 << PixelTraits::kBits) - 1;
  for (int R = 0; R < Img.Rows; ++R) {
    work_ms(PixelTraits::kRowCostMs); // the row's filter taps
    for (int C = 0; C < Img.Cols; ++C) {
      int V = Img.Raw[R * Img.Cols + C];
      auto P = static_cast<PixelTraits::Channel>(V * Max / 1023);
      Out[R * Img.Cols + C] = P;
      Digest = Digest * 31 + P;
    }
  }
  std::printf("%d-bit pixels, first %u, last %u\n", PixelTraits::kBits,
              static_cast<unsigned>(Out.front()),
              static_cast<unsigned>(Out.back()));
  return static_cast<unsigned long>(Digest % 1000003);
}
