// The pixel format: a traits class (types and constants that the
// algorithms read), chosen by #ifdef.
#ifndef TPL_TRAITS_PIXEL_H
#define TPL_TRAITS_PIXEL_H

#include <cstdint>

#ifdef HDR
struct PixelTraits {
  using Channel = std::uint16_t;
  using Accumulator = std::uint64_t;
  static constexpr int kBits = 16;
  static constexpr double kRowCostMs = 1.5;
};
#else
struct PixelTraits {
  using Channel = std::uint8_t;
  using Accumulator = std::uint32_t;
  static constexpr int kBits = 8;
  static constexpr double kRowCostMs = 0.5;
};
#endif

#endif
