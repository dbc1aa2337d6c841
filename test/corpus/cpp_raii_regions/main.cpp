// Scoped sessions whose constructors and destructors carry feature code.
#include <cstdio>
#include <cstdlib>

static int depth;

class Scope {
public:
  explicit Scope(const char *name) : name_(name) {
    ++depth;
#ifdef AUDIT_TRAIL
    std::printf("%*senter %s\n", depth * 2, "", name_);
#endif
  }
  ~Scope() {
#ifdef AUDIT_TRAIL
    std::printf("%*sleave %s\n", depth * 2, "", name_);
#endif
    --depth;
  }

  const char *name() const { return name_; }

private:
  const char *name_;
};

static int step(int i) {
  Scope s("step");
#ifdef TIMING
  Scope t("timer");
  int cost = i * 3;
#else
  int cost = i;
#endif
  if (cost > 8) {
#ifdef ABORT_ON_ERROR
    std::printf("cost %d too high\n", cost);
    std::exit(40 + i);
#endif
    return 0;
  }
  return cost;
}

int main() {
  Scope top("main");
  int total = 0;
  for (int i = 1; i <= 5; ++i)
    total += step(i);
  std::printf("%s: total %d depth %d\n", top.name(), total, depth);
  return total;
}
