// Sinks: CRTP base that formats a record and hands the text to the derived
// sink's emit(); the format is chosen at compile time.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "log_config.hpp"

namespace lg {

std::string_view levelName(Level l);

struct Record {
  Level level;
  std::string_view component;
  std::string message;
  std::uint64_t seq;
};

template <class Derived, class Traits = DefaultTraits> class SinkBase {
public:
  void write(const Record &r) {
    std::string line;
    line.reserve(64);
#ifdef LOG_JSON
    line += "{\"level\":\"";
    line += levelName(r.level);
    line += "\",\"component\":\"";
    line += r.component;
    line += "\",\"msg\":\"";
    line += r.message;
    line += '"';
    if constexpr (Traits::sequence_numbers) {
      line += ",\"seq\":";
      line += std::to_string(r.seq);
    }
    line += '}';
#else
    if constexpr (Traits::sequence_numbers) {
      line += '#';
      line += std::to_string(r.seq);
      line += ' ';
    }
    line += levelName(r.level);
    line += " [";
    line += r.component;
    line += "] ";
    line += r.message;
#endif
    static_cast<Derived *>(this)->emit(line);
    ++written_;
  }
  std::size_t written() const { return written_; }

private:
  std::size_t written_ = 0;
};

// Keeps a rolling hash and the last lines (a stand-in for a file or socket).
class MemorySink : public SinkBase<MemorySink> {
public:
  void emit(const std::string &line);
  std::uint64_t digest() const { return digest_; }
  const std::string &last() const { return last_; }
  std::size_t bytes() const { return bytes_; }

private:
  std::uint64_t digest_ = 1469598103934665603ull;
  std::string last_;
  std::size_t bytes_ = 0;
};

} // namespace lg
