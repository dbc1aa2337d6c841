#pragma once

#include <string>
#include <vector>

namespace lx {

enum class Tok {
  Word,
  Number,
#ifdef LEX_COMMENTS
  Comment,
#endif
  Punct,
  End
};

enum Counter {
  C_WORDS,
#ifdef LEX_FLOATS
  C_FLOATS,
#endif
  C_NUMBERS,
#ifdef LEX_STATS
  C_LONGEST,
#endif
  C_COUNT
};

struct Token {
  Tok kind;
  std::string text;
};

std::vector<Token> lex(const std::string &in);
const char *kindName(Tok t);

} // namespace lx
