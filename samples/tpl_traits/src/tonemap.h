#ifndef TPL_TRAITS_TONEMAP_H
#define TPL_TRAITS_TONEMAP_H

#include <vector>

struct Image {
  int Rows = 0, Cols = 0;
  std::vector<int> Raw; // sensor values, 10 bits
};

// Maps the raw values to the pixel format's range; returns a digest of the
// mapped image.
unsigned long toneMap(const Image &Img);

#endif
