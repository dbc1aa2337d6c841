#include <cstdio>

static int plugins;

struct Plugin {
  explicit Plugin(const char *name) : name_(name) {
    std::printf("loading %s\n", name_);
    ++plugins;
  }
  const char *name_;
};

#ifdef WITH_ECHO
static Plugin echo_plugin("echo");
#endif

int main() {
#ifdef WITH_ECHO
  std::printf("first plugin: %s\n", echo_plugin.name_);
#endif
  std::printf("%d plugin(s)\n", plugins);
  return plugins;
}

// The refusal, pinned (run_corpus.py checks these lines with FileCheck).
// REFUSAL: {{^.*}}/main.cpp:14:15: error: the object 'echo_plugin' under WITH_ECHO runs code without being called
// REFUSAL-SAME: and varsim constructs only a 'static' object that no code names under its feature (code names it)
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
