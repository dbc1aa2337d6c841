// Tone-maps the image of the workload file (argv[1]: "ROWS COLS" and the
// raw values) and prints a digest. Exit code 0; 100 on a bad workload.
#include "tonemap.h"
#include "work.h"

#include <cstdio>
#include <fstream>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: tonemap IMAGE_FILE\n");
    return 100;
  }
  std::ifstream In(argv[1]);
  Image Img;
  In >> Img.Rows >> Img.Cols;
  for (int V; In >> V;)
    Img.Raw.push_back(V);
  if (Img.Rows <= 0 || Img.Raw.size() != static_cast<size_t>(Img.Rows) *
                                             static_cast<size_t>(Img.Cols)) {
    std::fprintf(stderr, "tonemap: bad image in %s\n", argv[1]);
    return 100;
  }
  work_ms(20); // demosaicing
  unsigned long Digest = toneMap(Img);
#ifdef DITHER
  work_ms(10); // error diffusion
  Digest = Digest * 7 + 1;
#endif
  work_ms(10); // encoding the output
  std::printf("digest %lu\n", Digest);
  return 0;
}
