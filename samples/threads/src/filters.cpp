// The work per tile: decoding (Base) and the optional filters, each with a
// designed cost per tile.
#include "filters.h"
#include "work.h"

#include <algorithm>

void processTile(Tile &T) {
  work_ms(3.5); // decoding the tile
#ifdef BLUR
  blur(T);
#endif
#ifdef SHARPEN
  sharpen(T);
#endif
#ifdef HISTOGRAM
  histogram(T);
#endif
  std::uint32_t H = 2166136261u;
  for (std::uint8_t P : T.Pixels)
    H = (H ^ P) * 16777619u;
  T.Digest = H;
}

#ifdef BLUR
// A horizontal 3-tap box blur.
void blur(Tile &T) {
  work_ms(1.5);
  std::array<std::uint8_t, TileSide * TileSide> Out = T.Pixels;
  for (int Y = 0; Y < TileSide; ++Y)
    for (int X = 1; X + 1 < TileSide; ++X) {
      int I = Y * TileSide + X;
      Out[I] = static_cast<std::uint8_t>(
          (T.Pixels[I - 1] + T.Pixels[I] + T.Pixels[I + 1]) / 3);
    }
  T.Pixels = Out;
}
#endif

#ifdef SHARPEN
// A vertical unsharp mask.
void sharpen(Tile &T) {
  work_ms(1.0);
#ifdef BLUR
  // Sharpening a blurred tile needs an extra edge-detection pass: time
  // spent only when BLUR and SHARPEN are both selected.
  work_ms(0.5);
#endif
  std::array<std::uint8_t, TileSide * TileSide> Out = T.Pixels;
  for (int Y = 1; Y + 1 < TileSide; ++Y)
    for (int X = 0; X < TileSide; ++X) {
      int I = Y * TileSide + X;
      int V = 3 * T.Pixels[I] - T.Pixels[I - TileSide] - T.Pixels[I + TileSide];
      Out[I] = static_cast<std::uint8_t>(std::clamp(V, 0, 255));
    }
  T.Pixels = Out;
}
#endif

#ifdef HISTOGRAM
void histogram(Tile &T) {
  work_ms(0.5);
  for (std::uint8_t P : T.Pixels)
    ++T.Histogram[P * Bins / 256];
}
#endif
