// The image filter's tiles and the work done on each of them.
#ifndef THREADS_FILTERS_H
#define THREADS_FILTERS_H

#include <array>
#include <cstdint>

constexpr int TileSide = 32;
constexpr int Bins = 8;

struct Tile {
  std::array<std::uint8_t, TileSide * TileSide> Pixels{};
  std::array<std::uint32_t, Bins> Histogram{};
  std::uint32_t Digest = 0;
};

// Decodes a tile and applies the selected filters (runs on a worker).
void processTile(Tile &T);

#ifdef BLUR
void blur(Tile &T);
#endif
#ifdef SHARPEN
void sharpen(Tile &T);
#endif
#ifdef HISTOGRAM
void histogram(Tile &T);
#endif

#endif
