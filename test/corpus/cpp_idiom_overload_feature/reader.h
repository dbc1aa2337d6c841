// A tiny string reader over streams; copying the unescaped run of a string
// has a fast path for in-memory strings, an option of the library.
#ifndef READER_H
#define READER_H
#include <cstring>

namespace rd {

extern long fast_copied; // bytes the fast path copied (statistics)

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

struct Buffer {
  char data[256];
  int size = 0;
  void Put(char c) { data[size++] = c; }
};

//! The cost of a stream's characters (any stream): one per character.
template <typename Stream> int Cost(const Stream &) { return 1; }

#ifdef READER_FAST_SCAN
//! In-memory strings are cheaper.
inline int Cost(const StringStream &s) { return *s.src == '\\' ? 1 : 0; }
#endif

template <typename Encoding> class Reader {
public:
  template <typename InputStream, typename OutputStream>
  int ParseString(InputStream &is, OutputStream &os) {
    int cost = 0;
    is.Take(); // the opening quote
    for (;;) {
      ScanCopy(is, os); // dependent: the template or the overload
      char c = is.Peek();
      if (c == '"') {
        is.Take();
        return cost;
      }
      if (c == '\\') {
        is.Take();
        c = is.Take();
      } else {
        is.Take();
      }
      os.Put(c);
      cost += Cost(is);
    }
  }

private:
  template <typename InputStream, typename OutputStream>
  static void ScanCopy(InputStream &, OutputStream &) {
    // Nothing for a generic stream: the caller copies one at a time.
  }

#ifdef READER_FAST_SCAN
  //! The fast path: a whole run of plain characters at once.
  static void ScanCopy(StringStream &is, Buffer &os) {
    std::size_t n = std::strcspn(is.src, "\"\\");
    std::memcpy(os.data + os.size, is.src, n);
    os.size += static_cast<int>(n);
    is.src += n;
    fast_copied += static_cast<long>(n);
    SkipNothing(is);
  }

  //! Only the fast path calls it (no template of this name).
  static void SkipNothing(StringStream &) {}
#endif
};

} // namespace rd
#endif
