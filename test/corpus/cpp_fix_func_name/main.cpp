// __func__ inside functions that the simulator renames: a function defined
// per feature, a destructor and a member function whose bodies are copied
// per configuration (undisciplined #ifs).
#include <cstdio>

#define TRACE(msg) std::printf("[%s] %s\n", __func__, msg)

#ifdef DBG
int step(int x) {
  TRACE("dbg");
  return x + 1;
}
#else
int step(int x) {
  TRACE("plain");
  return x + 2;
}
#endif

struct Meter {
  int value = 0;
  ~Meter() {
    std::printf("%s closes at %d"
#ifdef EARLY
                "!"
#endif
                "\n",
                __func__, value);
  }
  int add(int v) {
    value += v
#ifdef EARLY
             * 2
#endif
        ;
    TRACE("added");
    return value;
  }
};

int main() {
  Meter m;
  for (int i = 0; i < 3; ++i)
    m.add(step(i));
  std::printf("%s: %d\n", __func__, m.value);
  return m.value % 50;
}
