// Compile-time configuration of the logging library, collected in one traits
// type so the rest of the code tests `if constexpr (Traits::x)`.
#pragma once

#include <cstddef>

namespace lg {

enum class Level { Debug, Info, Warn, Error };

struct DefaultTraits {
#ifdef LOG_SEQNO
  static constexpr bool sequence_numbers = true;
#else
  static constexpr bool sequence_numbers = false;
#endif
#ifdef LOG_DEBUG
  static constexpr Level min_level = Level::Debug;
#else
  static constexpr Level min_level = Level::Info;
#endif
  static constexpr std::size_t buffer_lines = 64;
};

#ifdef LOG_JSON
inline constexpr const char *kFormatName = "json";
#else
inline constexpr const char *kFormatName = "text";
#endif

} // namespace lg
