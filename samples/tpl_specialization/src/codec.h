// The codecs: one class template, Encoder<Codec>, with a specialization per
// codec; the configuration picks the specialization through a constant.
#ifndef TPL_SPEC_CODEC_H
#define TPL_SPEC_CODEC_H

#include "work.h"

#include <cstddef>
#include <vector>

enum class Codec { Raw, Rle, Delta };

using Block = std::vector<int>;

// The primary template: stores the values as they are.
template <Codec C> struct Encoder {
  static constexpr const char *kName = "raw";
  static Block encode(const Block &In) {
    work_ms(0.1); // copying the block
    return In;
  }
};

// Run-length: (value, count) pairs.
template <> struct Encoder<Codec::Rle> {
  static constexpr const char *kName = "rle";
  static Block encode(const Block &In) {
    work_ms(0.6); // scanning for runs
    Block Out;
    for (std::size_t I = 0; I < In.size();) {
      std::size_t J = I;
      while (J < In.size() && In[J] == In[I])
        ++J;
      Out.push_back(In[I]);
      Out.push_back(static_cast<int>(J - I));
      I = J;
    }
    return Out;
  }
};

// Delta: the first value, then the differences.
template <> struct Encoder<Codec::Delta> {
  static constexpr const char *kName = "delta";
  static Block encode(const Block &In) {
    work_ms(0.9); // predicting and packing
    Block Out;
    for (std::size_t I = 0; I < In.size(); ++I)
      Out.push_back(I ? In[I] - In[I - 1] : In[I]);
    return Out;
  }
};

#if defined(RLE)
inline constexpr Codec kCodec = Codec::Rle;
#elif defined(DELTA)
inline constexpr Codec kCodec = Codec::Delta;
#else
inline constexpr Codec kCodec = Codec::Raw;
#endif

#endif
