// Emits a few words and numbers with the library's default emitters; what
// they print (quotes, case, the specialized number format) follows the
// default flags the build chose.
#include "emitter.h"

static std::string list(const char *const *words, int n) {
  out::StringSink sink;
  out::ListEmitter<out::StringSink> e(sink);
  for (int i = 0; i < n; ++i)
    e.item(words[i]);
  e.number(n);
  return sink.Text;
}

int main() {
  const char *words[] = {"alpha", "beta", "gamma"};
  out::StringSink sink;
  out::Emitter<out::StringSink> e(sink);
  e.word("hello");
  e.number(42);
  std::printf("%s (%u)\n", sink.Text.c_str(), e.count());
  std::printf("%s\n", list(words, 3).c_str());
  if (out::kEmitDefaultFlags & out::kEmitUpper)
    std::printf("upper case\n");
  return static_cast<int>(sink.Text.size() % 7);
}
