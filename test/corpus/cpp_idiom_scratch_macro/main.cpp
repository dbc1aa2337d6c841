#include "scan.hpp"

#include <cstdio>
#include <cstring>
#include <string>

int main() {
  std::string text;
  for (int i = 0; i < 40; ++i) {
    text.append(static_cast<std::size_t>(i % 11), ' ');
    text.append(i % 3 == 0 ? "\t\n" : "\r");
    text += "tok" + std::to_string(i);
  }
  const char *p = text.data();
  const char *end = p + text.size();
  int tokens = 0;
  std::size_t skipped = 0;
  while (p != end) {
    const char *q = scan::skip(p, end);
    skipped += static_cast<std::size_t>(q - p);
    p = q;
    if (p == end)
      break;
    ++tokens;
    while (p != end && !scan::isBlank(*p))
      ++p;
  }
  std::printf("tokens %d skipped %zu\n", tokens, skipped);
#if defined(WIDE_SCAN) && !defined(FAST_SCAN)
  std::printf("run blanks %zu\n",
              scan::countRun(text.data(), text.data() + text.size()));
#endif
#ifdef FAST_SCAN
  std::printf("fast path\n");
#endif
  return static_cast<int>(skipped % 7);
}
