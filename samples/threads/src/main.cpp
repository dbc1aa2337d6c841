// An image filter: generates TILES tiles from SEED, processes them on a pool
// of two worker threads (each takes one half of the tiles; the main thread
// joins them) and prints each tile's digest.
// Usage: threads TILES SEED
#include "filters.h"
#include "work.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

namespace {

constexpr int PoolSize = 2;

std::vector<Tile> generate(int Count, unsigned long Seed) {
  std::vector<Tile> Tiles(static_cast<std::size_t>(Count));
  unsigned long X = Seed;
  for (Tile &T : Tiles)
    for (std::uint8_t &P : T.Pixels) {
      X = (X * 1103515245ul + 12345ul) & 0x7ffffffful;
      P = static_cast<std::uint8_t>(X >> 16);
    }
  work_ms(30.0); // reading the image
  return Tiles;
}

// A worker: processes tiles [Begin, End) on the schedule that starts at
// Start, and leaves the end of its schedule in *Finish.
void runWorker(std::vector<Tile> *Tiles, std::size_t Begin, std::size_t End,
               WorkClock::time_point Start, WorkClock::time_point *Finish) {
  work_adopt(Start);
  for (std::size_t I = Begin; I < End; ++I)
    processTile((*Tiles)[I]);
  *Finish = work_schedule();
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: threads TILES SEED\n");
    return 2;
  }
  int Count = std::atoi(argv[1]);
  std::vector<Tile> Tiles = generate(Count, std::strtoul(argv[2], nullptr, 10));

  std::vector<std::thread> Pool;
  std::vector<WorkClock::time_point> Finish(PoolSize);
  std::size_t Share = (Tiles.size() + PoolSize - 1) / PoolSize;
  for (std::size_t Begin = 0, W = 0; Begin < Tiles.size(); Begin += Share, ++W)
    Pool.emplace_back(runWorker, &Tiles, Begin,
                      std::min(Tiles.size(), Begin + Share), work_schedule(),
                      &Finish[W]);
  for (std::thread &Worker : Pool)
    Worker.join();
  work_adopt(*std::max_element(Finish.begin(), Finish.begin() + Pool.size()));

  std::uint32_t All = 0;
  for (std::size_t I = 0; I < Tiles.size(); ++I) {
    std::printf("tile %2zu digest %08x\n", I, Tiles[I].Digest);
    All = All * 31 + Tiles[I].Digest;
  }
#ifdef HISTOGRAM
  // Merging the tiles' histograms on the main thread, after the join.
  work_ms(4.0);
  std::array<std::uint32_t, Bins> Merged{};
  for (const Tile &T : Tiles)
    for (int B = 0; B < Bins; ++B)
      Merged[B] += T.Histogram[B];
  std::printf("histogram");
  for (std::uint32_t N : Merged)
    std::printf(" %u", N);
  std::printf("\n");
#endif
  std::printf("%zu tiles on %zu threads, digest %08x\n", Tiles.size(),
              Pool.size(), All);
  return 0;
}
