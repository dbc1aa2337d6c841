#include "codec.h"
#ifdef RLE
std::vector<int> compress(const std::vector<int> &in) {
  std::vector<int> out;
  for (std::size_t i = 0; i < in.size();) {
    std::size_t j = i;
    while (j < in.size() && in[j] == in[i])
      ++j;
    out.push_back(static_cast<int>(j - i));
    out.push_back(in[i]);
    i = j;
  }
  return out;
}
const char *codecName() { return "rle"; }
#endif
