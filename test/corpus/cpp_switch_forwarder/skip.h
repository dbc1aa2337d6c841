// Skipping blanks between words, with faster versions under options: the
// specialization for the string stream only forwards to skipRun, which is
// defined once per option (as RapidJSON's SkipWhitespace for SSE2 or SSE42
// forwards to SkipWhitespace_SIMD).
#ifndef SKIP_H
#define SKIP_H

struct Stream {
  const char *Src;
};

// The generic version: one blank at a time.
template <typename S> void skip(S &In) {
  while (*In.Src == ' ' || *In.Src == '\t')
    ++In.Src;
}

#if defined(WIDE)
// Two blanks at a time.
inline const char *skipRun(const char *P) {
  while ((P[0] == ' ' || P[0] == '\t') && (P[1] == ' ' || P[1] == '\t'))
    P += 2;
  if (*P == ' ' || *P == '\t')
    ++P;
  return P;
}
#elif defined(FAST)
// Blanks by a table.
inline const char *skipRun(const char *P) {
  static const bool Blank[4] = {false, true, true, false};
  while (Blank[(*P == ' ') | ((*P == '\t') << 1)])
    ++P;
  return P;
}
#endif

#if defined(FAST) || defined(WIDE)
template <> inline void skip(Stream &In) {
  In.Src = skipRun(In.Src);
}
#endif

#endif

/* The forwarding specialization has no marker; skipRun's versions keep
   theirs. run_corpus.py checks these lines with FileCheck:
// REWRITE: inline const char *skipRun__varsim_WIDE(const char *P) { VARSIM_REGION({{[0-9]+}});
// REWRITE: inline const char *skipRun__varsim_{{[A-Za-z_]+}}(const char *P) { VARSIM_REGION({{[0-9]+}});
// REWRITE: inline void skip__varsim_FAST_or_WIDE(Stream &In) {{[{]$}}
// REWRITE-NEXT: In.Src = skipRun(In.Src);
*/
