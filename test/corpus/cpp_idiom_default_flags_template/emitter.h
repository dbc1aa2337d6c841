// A header-only emitter library in the style of JSON writers: its default
// flags are an option (`EMIT_DEFAULT_FLAGS`, a numeric value named by the
// enumerator kEmitDefaultFlags), the default template argument of the
// emitter class templates. `Emitter<StringSink>` is thus another type per
// configuration, and the library specializes a member of exactly that type.
#ifndef EMITTER_H
#define EMITTER_H

#include <cstdio>
#include <string>

#ifndef EMIT_DEFAULT_FLAGS
#define EMIT_DEFAULT_FLAGS kEmitPlain
#endif

namespace out {

enum EmitFlag {
  kEmitPlain = 0,
  kEmitQuoted = 1,
  kEmitUpper = 2,
  kEmitDefaultFlags = EMIT_DEFAULT_FLAGS
};

struct StringSink {
  std::string Text;
  void put(char c) { Text += c; }
};

struct Ascii {};

template <typename Sink, typename Charset = Ascii,
          unsigned flags = kEmitDefaultFlags>
class Emitter {
public:
  explicit Emitter(Sink &s) : sink_(s) {}
  bool word(const char *w) {
    if (flags & kEmitQuoted)
      sink_.put('"');
    for (; *w; ++w)
      put(*w);
    if (flags & kEmitQuoted)
      sink_.put('"');
    ++count_;
    return true;
  }
  bool number(int n);
  unsigned count() const { return count_; }

protected:
  void put(char c) {
    sink_.put((flags & kEmitUpper) && c >= 'a' && c <= 'z' ? char(c - 32)
                                                           : c);
  }
  Sink &sink_;
  unsigned count_ = 0;
};

template <typename Sink, typename Charset, unsigned flags>
bool Emitter<Sink, Charset, flags>::number(int n) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%d", n);
  for (const char *p = buf; *p; ++p)
    put(*p);
  ++count_;
  return true;
}

// The fast path for the usual sink, as a library specializes its default
// emitter: only the default flags' emitter of a StringSink takes it.
template <> inline bool Emitter<StringSink>::number(int n) {
  // Only reached with the default flags: reads them directly.
  if (kEmitDefaultFlags & kEmitQuoted)
    sink_.Text += '"';
  sink_.Text += '#';
#if defined(__cplusplus)
  sink_.Text += std::to_string(n);
#else
  sink_.Text += "?";
#endif
  ++count_;
  return true;
}

template <typename Sink, typename Charset = Ascii,
          unsigned flags = kEmitDefaultFlags>
class ListEmitter : public Emitter<Sink, Charset, flags> {
  typedef Emitter<Sink, Charset> Base;

public:
  explicit ListEmitter(Sink &s) : Base(s) {}
  bool item(const char *w) {
    if (Base::count_)
      Base::sink_.put(',');
    return Base::word(w);
  }
};

} // namespace out

#endif
