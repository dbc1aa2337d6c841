#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "log_config.hpp"
#include "sink.hpp"

namespace lg {

template <class Sink, class Traits = DefaultTraits> class Logger {
public:
  explicit Logger(Sink &sink) : sink_(sink) {}

  template <class... Args>
  void log(Level level, std::string_view component, const Args &...args) {
    if (level < Traits::min_level) {
      ++dropped_;
      return;
    }
    std::string msg;
    (append(msg, args), ...);
    sink_.write(Record{level, component, std::move(msg), ++seq_});
  }

  std::uint64_t dropped() const { return dropped_; }

private:
  static void append(std::string &out, std::string_view s) { out += s; }
  static void append(std::string &out, const char *s) { out += s; }
  static void append(std::string &out, const std::string &s) { out += s; }
  template <class T> static void append(std::string &out, const T &v) {
    out += std::to_string(v);
  }

  Sink &sink_;
  std::uint64_t seq_ = 0;
  std::uint64_t dropped_ = 0;
};

// Formats a fixed-width progress bar; the default width is a build option.
std::string progressBar(unsigned done, unsigned total,
#ifdef LOG_WIDE
                        unsigned width = 40
#else
                        unsigned width = 16
#endif
);

} // namespace lg
