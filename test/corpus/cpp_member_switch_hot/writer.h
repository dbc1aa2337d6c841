// A string writer whose copy of a run of plain characters has a fast
// version for one output type under an option (as RapidJSON's
// Writer<StringBuffer>::ScanWriteUnescapedString under its SSE #if).
#ifndef WRITER_H
#define WRITER_H

#include <cstddef>
#include <cstring>

struct Buffer {
  char Data[1 << 16];
  std::size_t Size = 0;
  void put(char C) { Data[Size++] = C; }
};

struct Source {
  const char *Pos;
  const char *Head;
  std::size_t tell() const { return static_cast<std::size_t>(Pos - Head); }
};

template <typename Out> class Writer {
public:
  explicit Writer(Out &O) : Os(O) {}

  // One call of scanPlain per character the slow way.
  void string(const char *S) {
    std::size_t Length = std::strlen(S);
    Source In{S, S};
    Os.put('"');
    while (scanPlain(In, Length)) {
      char C = *In.Pos++;
      bool Escape = C == '"' || C == '\\';
#ifdef QUOTE_SLASH
      Escape = Escape || C == '/';
#endif
      if (Escape)
        Os.put('\\');
      Os.put(C);
    }
    Os.put('"');
  }

  std::size_t Runs = 0;

private:
  // Copies the plain characters ahead (the generic version: none); whether
  // any are left.
  bool scanPlain(Source &In, std::size_t Length) { return In.tell() < Length; }

  Out &Os;
};

#ifdef FAST_PLAIN
template <>
inline bool Writer<Buffer>::scanPlain(Source &In, std::size_t Length) {
  if (Length < 4)
    return In.tell() < Length;
  ++Runs;
  while (In.tell() < Length && *In.Pos != '"' && *In.Pos != '\\' &&
         *In.Pos != '/')
    Os.put(*In.Pos++);
  return In.tell() < Length;
}
#endif

#endif

/* The merged member dispatches without a marker of its own; the
   specialization's body keeps its marker and runs as a lambda kept out of
   line (so that the dispatch and the primary inline), and the variant that runs the
   primary's copy gets none: its time is the caller's self time, as the
   primary's is for every other stream, and the caller's context is timed
   with FAST_PLAIN on and off (the manifest's unmarked code). run_corpus.py
   checks these lines with FileCheck:
// REWRITE: inline bool Writer<Buffer>::scanPlain(Source &In, std::size_t Length) { if (VARSIM_F_FAST_PLAIN) { return [&]() __attribute__((noinline)) -> bool { VARSIM_REGION({{[0-9]+}});
// REWRITE: else {
// REWRITE-NEXT: return scanPlain__varsim_primary(
*/
