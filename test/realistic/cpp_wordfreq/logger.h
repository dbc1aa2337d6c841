#ifndef WORDFREQ_LOGGER_H
#define WORDFREQ_LOGGER_H

#include <cstdio>
#include <string>

namespace wf {

// Prefixes messages with the owner's name; announces itself on creation.
class Logger {
public:
  explicit Logger(std::string owner) : owner_(std::move(owner)) {
    std::printf("[%s] logger attached\n", owner_.c_str());
  }
  void info(const std::string &msg) const {
    std::printf("[%s] %s\n", owner_.c_str(), msg.c_str());
  }

private:
  std::string owner_;
};

} // namespace wf

#endif
