#include <cstdio>

#include "registry.h"

#ifdef CONFIG_CODEC_CAESAR
namespace {
class Caesar final : public Codec {
public:
  Caesar()
      : shift_(3)
#ifdef CONFIG_CODEC_STATS
        ,
        calls_(0)
#endif
  {
  }
  void encode(const char *in, char *out, std::size_t n) const override {
#ifdef CONFIG_CODEC_STATS
    ++calls_;
#endif
    std::size_t i = 0;
    for (; in[i] && i + 1 < n; ++i) {
      char c = in[i];
      out[i] = c >= 'a' && c <= 'z'
                   ? static_cast<char>('a' + (c - 'a' + shift_) % 26)
                   : c;
    }
    out[i] = '\0';
  }
  const char *name() const override { return "caesar"; }
#ifdef CONFIG_CODEC_STATS
  ~Caesar() override { std::printf("caesar: %d call(s)\n", calls_); }
#endif

private:
  int shift_;
#ifdef CONFIG_CODEC_STATS
  mutable int calls_;
#endif
};
} // namespace
REGISTER_CODEC(Caesar, "caesar");
#endif
