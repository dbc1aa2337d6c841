// A header-only emitter in the style of JSON writers: its default flags
// are an option (EMIT_DEFAULT_FLAGS, named by the enumerator
// kEmitDefaultFlags, the default template argument of Emitter), and the
// usual emitter has a fast copy of plain characters under another option
// (FAST_SCAN), an explicit specialization of a member inside the
// namespace, as RapidJSON's writer.h has under its SSE #if.
#ifndef EMITTER_H
#define EMITTER_H

#include <cstddef>
#include <cstring>
#include <string>

#ifndef EMIT_DEFAULT_FLAGS
#define EMIT_DEFAULT_FLAGS kEmitPlain
#endif

namespace out {

enum EmitFlag {
  kEmitPlain = 0,
  kEmitUpper = 1,
  kEmitDefaultFlags = EMIT_DEFAULT_FLAGS
};

struct StringSink {
  std::string Text;
  void put(char C) { Text += C; }
};

template <typename Sink, unsigned flags = kEmitDefaultFlags> class Emitter {
public:
  explicit Emitter(Sink &S) : Sink_(S) {}

  void string(const char *S) {
    std::size_t Length = std::strlen(S);
    std::size_t At = 0;
    Sink_.put('"');
    while (scan(S, At, Length)) {
      char C = S[At++];
      if (C == '"' || C == '\\')
        Sink_.put('\\');
      put(C);
    }
    Sink_.put('"');
  }
  unsigned FastRuns = 0;

protected:
  // Copies the plain characters ahead (the generic version: none); whether
  // any characters are left.
  bool scan(const char *S, std::size_t &At, std::size_t Length) {
    return At < Length;
  }
  void put(char C) {
    Sink_.put((flags & kEmitUpper) && C >= 'a' && C <= 'z' ? char(C - 32) : C);
  }
  Sink &Sink_;
};

#ifdef FAST_SCAN
template <>
inline bool Emitter<StringSink>::scan(const char *S, std::size_t &At,
                                      std::size_t Length) {
  ++FastRuns;
  while (At < Length && S[At] != '"' && S[At] != '\\') {
#if defined(__cplusplus)
    put(S[At++]);
#else
    Sink_.put(S[At++]);
#endif
  }
  return At < Length;
}
#endif

} // namespace out

#endif
