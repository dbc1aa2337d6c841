// A tiny tokenizer over streams; skipping blanks has a fast path for
// in-memory strings, an option of the library.
#ifndef SCAN_H
#define SCAN_H
#include <cstddef>
#include <cstring>

namespace scan {

extern long fast_skipped; // bytes the fast path skipped (statistics)

struct StringStream {
  const char *src;
  char Peek() const { return *src; }
  char Take() { return *src++; }
};

struct CountingStream {
  const char *src;
  long taken = 0;
  char Peek() const { return *src; }
  char Take() {
    ++taken;
    return *src++;
  }
};

//! Skips blanks one character at a time (any stream).
template <typename Stream> void SkipBlanks(Stream &s) {
  char c;
  while ((c = s.Peek()) == ' ' || c == '\t' || c == '\n')
    s.Take();
}

#ifdef SCAN_FAST_SKIP
//! The fast path for in-memory strings: a whole run of blanks at once.
template <> inline void SkipBlanks(StringStream &s) {
  std::size_t n = std::strspn(s.src, " \t\n");
  fast_skipped += static_cast<long>(n);
  s.src += n;
}
#endif

//! Counts the words of a stream (a template: the call above is dependent).
template <typename Stream> int CountWords(Stream &s) {
  int words = 0;
  for (;;) {
    SkipBlanks(s);
    if (s.Peek() == '\0')
      return words;
    ++words;
    while (s.Peek() != '\0' && s.Peek() != ' ' && s.Peek() != '\t' &&
           s.Peek() != '\n')
      s.Take();
  }
}

} // namespace scan
#endif
