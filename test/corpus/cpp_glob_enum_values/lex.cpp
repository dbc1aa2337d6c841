#include "token.hpp"

#include <cctype>

namespace lx {

const char *kindName(Tok t) {
  switch (t) {
  case Tok::Word:
    return "word";
  case Tok::Number:
    return "number";
#ifdef LEX_COMMENTS
  case Tok::Comment:
    return "comment";
#endif
  case Tok::Punct:
    return "punct";
  case Tok::End:
    return "end";
  }
  return "?";
}

std::vector<Token> lex(const std::string &in) {
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < in.size()) {
    char c = in[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    std::size_t j = i + 1;
#ifdef LEX_COMMENTS
    if (c == '#') {
      while (j < in.size() && in[j] != '\n')
        ++j;
      out.push_back({Tok::Comment, in.substr(i, j - i)});
      i = j;
      continue;
    }
#endif
    Tok kind = Tok::Punct;
    if (std::isalpha(static_cast<unsigned char>(c))) {
      while (j < in.size() && std::isalnum(static_cast<unsigned char>(in[j])))
        ++j;
      kind = Tok::Word;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      while (j < in.size() && (std::isdigit(static_cast<unsigned char>(in[j])) ||
                               in[j] == '.'))
        ++j;
      kind = Tok::Number;
    }
    out.push_back({kind, in.substr(i, j - i)});
    i = j;
  }
  out.push_back({Tok::End, ""});
  return out;
}

} // namespace lx
