#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ti {

struct Token {
  std::string text;
  unsigned position;
};

// Splits text into word tokens; normalisation depends on the build
// (IDX_LOWERCASE, IDX_STEM).
class Tokenizer {
public:
  std::vector<Token> split(std::string_view text);
  unsigned long charsSeen() const { return chars_; }

private:
  void finish(std::string &word, unsigned position, std::vector<Token> &out);
  unsigned long chars_ = 0;
#ifdef IDX_STEM
  unsigned long stemmed_ = 0;

public:
  unsigned long stemmed() const { return stemmed_; }
#endif
};

} // namespace ti
