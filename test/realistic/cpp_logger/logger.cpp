#include "logger.hpp"

#include "sink.hpp"

namespace lg {

std::string_view levelName(Level l) {
  switch (l) {
  case Level::Debug:
    return "DEBUG";
  case Level::Info:
    return "INFO";
  case Level::Warn:
    return "WARN";
  case Level::Error:
    return "ERROR";
  }
  return "?";
}

void MemorySink::emit(const std::string &line) {
  for (unsigned char c : line) {
    digest_ ^= c;
    digest_ *= 1099511628211ull;
  }
  bytes_ += line.size() + 1;
  last_ = line;
}

std::string progressBar(unsigned done, unsigned total, unsigned width) {
  std::string bar(width, '.');
  unsigned filled = total ? done * width / total : width;
  for (unsigned i = 0; i < filled && i < width; ++i)
    bar[i] = '#';
  return "[" + bar + "]";
}

} // namespace lg
