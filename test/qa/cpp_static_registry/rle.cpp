#include <cstdio>

#include "registry.h"

#ifdef CONFIG_CODEC_RLE
namespace {
class Rle final : public Codec {
public:
  void encode(const char *in, char *out, std::size_t n) const override {
    std::size_t w = 0;
    for (std::size_t i = 0; in[i] && w + 3 < n;) {
      std::size_t j = i;
      while (in[j] == in[i] && j - i < 9)
        ++j;
      w += static_cast<std::size_t>(
          std::snprintf(out + w, n - w, "%zu%c", j - i, in[i]));
      i = j;
    }
    out[w] = '\0';
  }
  const char *name() const override { return "rle"; }
};
} // namespace
REGISTER_CODEC(Rle, "rle");
#endif
