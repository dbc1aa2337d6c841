// Decodes the frames of the workload file (argv[1], one frame of 32 values
// per line). Exit code 0; 100 on a bad workload.
#include "decode.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: decoder FRAMES_FILE\n");
    return 100;
  }
  std::ifstream In(argv[1]);
  std::vector<Frame> Frames;
  for (std::string Line; std::getline(In, Line);) {
    std::istringstream L(Line);
    Frame F;
    for (int V; L >> V;)
      F.push_back(V);
    if (!F.empty())
      Frames.push_back(F);
  }
  if (Frames.empty()) {
    std::fprintf(stderr, "decoder: no frames in %s\n", argv[1]);
    return 100;
  }
  work_ms(20); // opening the stream
  std::uint32_t Last = decodeAll(Frames);
#ifdef DEBLOCK
  work_ms(15); // deblocking filter
  Last ^= 0x5a5a;
#endif
  work_ms(10); // presenting
  std::printf("last frame hash %u\n", Last);
  return 0;
}
