#include <cstdio>

#include "registry.h"

// A scope timer whose report exists only with statistics.
class Scope {
public:
  explicit Scope(const char *what) : what_(what) {}
  Scope(const Scope &) = delete;
  Scope &operator=(const Scope &) = delete;
#ifdef WITH_STATS
  ~Scope() { std::printf("scope %s: %d step(s)\n", what_, steps_); }
#endif
  void step() { ++steps_; }
  const char *what() const { return what_; }

private:
  const char *what_;
  int steps_ = 0;
};

int main() {
  double total = 0;
  {
    Scope s("areas");
    std::printf("in %s\n", s.what());
    for (const auto &[name, fn] : shapes()) {
      s.step();
      std::printf("%s(2) = %.1f\n", name.c_str(), fn(2.0));
      total += fn(2.0);
    }
  }
  std::printf("%zu shape(s), total %.1f\n", shapes().size(), total);
  return static_cast<int>(total) % 50;
}
