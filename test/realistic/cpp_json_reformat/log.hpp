#pragma once

#include <cstdio>
#include <sstream>
#include <string>

namespace jr::log {

enum class Level { Debug, Info, Warn };

#ifndef JR_LOG_PREFIX
#define JR_LOG_PREFIX "jr"
#endif

inline int &counter() {
  static int n = 0;
  return n;
}

template <typename... Args>
void write(Level level, const char *func, int line, const Args &...args) {
  ++counter();
#ifdef JSON_LOG
  std::ostringstream os;
  (os << ... << args);
  static const char *const names[] = {"debug", "info", "warn"};
  std::printf("%s[%s] %s:%d %s\n", JR_LOG_PREFIX,
              names[static_cast<int>(level)], func, line, os.str().c_str());
#else
  (void)level;
  (void)func;
  (void)line;
  ((void)args, ...);
#endif
}

} // namespace jr::log

#define JR_LOG(level, ...)                                                     \
  ::jr::log::write(::jr::log::Level::level, __func__, __LINE__, __VA_ARGS__)
