// A small header-only token scanner, configured by flags as a template
// argument, with a default for callers that do not care.
#ifndef SCANNER_H
#define SCANNER_H
#include <cstddef>

enum ScanFlag : unsigned { kScanNone = 0, kScanSkipHash = 1, kScanDigitsOnly = 2 };

template <typename Ch> class BasicScanner {
public:
  template <unsigned flags> BasicScanner &Scan(const Ch *text) {
    tokens_ = 0;
    bool inToken = false;
    for (const Ch *p = text; *p; ++p) {
#ifdef SCAN_COMMENTS
      if ((flags & kScanSkipHash) && *p == '#') {
        while (*p && *p != '\n')
          ++p;
        if (!*p)
          break;
        inToken = false;
        continue;
      }
#endif
      bool part = (flags & kScanDigitsOnly) ? (*p >= '0' && *p <= '9')
                                            : (*p != ' ' && *p != '\n');
      if (part && !inToken)
        ++tokens_;
      inToken = part;
    }
    return *this;
  }
  BasicScanner &Scan(const Ch *text) { return Scan<kScanSkipHash>(text); }

  template <unsigned flags> std::size_t Count(const Ch *text) {
    return Scan<flags>(text).tokens_;
  }
  std::size_t Count(const Ch *text) { return Scan(text).tokens_; }

  std::size_t Tokens() const { return tokens_; }

private:
  std::size_t tokens_ = 0;
};

using Scanner = BasicScanner<char>;
#endif
