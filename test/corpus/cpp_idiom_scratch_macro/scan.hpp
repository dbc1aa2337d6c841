// A small header-only tokenizer helper in the style of a JSON library:
// whitespace skipping with an optional fast path chosen at build time.
#ifndef SCAN_SCAN_HPP
#define SCAN_SCAN_HPP

#include <cstddef>

#if defined(FAST_SCAN) || defined(WIDE_SCAN) || defined(SCAN_TABLES)
#define SCAN_FAST_PATH
#endif

namespace scan {

inline bool isBlank(char c) {
  return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

inline const char *skipBlanks(const char *p, const char *end) {
  while (p != end && isBlank(*p))
    ++p;
  return p;
}

#ifdef FAST_SCAN
//! Eight characters per step, through a 256-entry class table.
inline const char *skipRun(const char *p, const char *end) {
  static const unsigned char cls[256] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1,
                                         0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0,
                                         0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
  while (end - p >= 8) {
    unsigned all = 1;
    for (int i = 0; i < 8; ++i)
      all &= cls[static_cast<unsigned char>(p[i])];
    if (!all)
      break;
    p += 8;
  }
  return skipBlanks(p, end);
}
#elif defined(WIDE_SCAN)
//! Four characters per step, compared with four rows of one blank each.
inline const char *skipRun(const char *p, const char *end) {
#define REP4(c) {c, c, c, c}
  static const char rows[4][4] = {REP4(' '), REP4('\n'), REP4('\r'),
                                  REP4('\t')};
#undef REP4
  while (end - p >= 4) {
    int blanks = 0;
    for (int i = 0; i < 4; ++i)
      for (int r = 0; r < 4; ++r)
        blanks += p[i] == rows[r][i];
    if (blanks != 4)
      break;
    p += 4;
  }
  return skipBlanks(p, end);
}

//! Counts the blanks of a run, with the same kind of table.
inline std::size_t countRun(const char *p, const char *end) {
#define REP4(c) {c, c, c, c}
  static const char rows[2][4] = {REP4(' '), REP4('\t')};
#undef REP4
  std::size_t n = 0;
  for (; p != end; ++p)
    n += *p == rows[0][0] || *p == rows[1][3];
  return n;
}
#elif defined(SCAN_TABLES)
//! A build without either option but with tables (not this build).
inline const char *skipRun(const char *p, const char *end) {
#define REP4(c) {c, c, c, c}
  static const char rows[1][4] = {REP4(' ')};
#undef REP4
  while (p != end && *p == rows[0][0])
    ++p;
  return skipBlanks(p, end);
}
#endif

inline const char *skip(const char *p, const char *end) {
#ifdef SCAN_FAST_PATH
  return skipRun(p, end);
#else
  return skipBlanks(p, end);
#endif
}

} // namespace scan

#endif
