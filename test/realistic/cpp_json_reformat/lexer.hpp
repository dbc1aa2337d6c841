#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace jr {

enum class Tok {
  LBrace,
  RBrace,
  LBracket,
  RBracket,
  Colon,
  Comma,
  String,
  Number,
  Literal,
#ifdef JSON_COMMENTS
  Comment,
#endif
  End
};

struct Token {
  Tok kind;
  std::string text;
  std::size_t line;
};

class SyntaxError : public std::runtime_error {
public:
  SyntaxError(std::size_t line, const std::string &what)
      : std::runtime_error("line " + std::to_string(line) + ": " + what),
        line_(line) {}
  std::size_t line() const { return line_; }

private:
  std::size_t line_;
};

std::vector<Token> tokenize(std::string_view text);
std::string reformat(const std::vector<Token> &tokens);

} // namespace jr
