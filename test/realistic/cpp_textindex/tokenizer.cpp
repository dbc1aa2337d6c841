#include "tokenizer.hpp"

namespace ti {

namespace {

inline bool isWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '\'';
}

} // namespace

void Tokenizer::finish(std::string &word, unsigned position,
                       std::vector<Token> &out) {
  if (word.empty())
    return;
#ifdef IDX_STEM
  if (word.size() > 5 && word.compare(word.size() - 3, 3, "ing") == 0) {
    word.resize(word.size() - 3);
    ++stemmed_;
  } else if (word.size() > 3 && word.back() == 's' &&
             word[word.size() - 2] != 's') {
    word.pop_back();
    ++stemmed_;
  }
#endif
  out.push_back(Token{word, position});
  word.clear();
}

std::vector<Token> Tokenizer::split(std::string_view text) {
  std::vector<Token> out;
  std::string word;
  unsigned position = 0;
  for (char c : text) {
    ++chars_;
    if (isWordChar(c)) {
#ifdef IDX_LOWERCASE
      if (c >= 'A' && c <= 'Z')
        c = static_cast<char>(c - 'A' + 'a');
#endif
      word += c;
    } else if (!word.empty()) {
      finish(word, position++, out);
    }
  }
  finish(word, position, out);
  return out;
}

} // namespace ti
