#include "lexer.hpp"

#include "log.hpp"

#include <cctype>

namespace jr {

namespace {

bool isLiteralChar(char c) { return std::isalpha(static_cast<unsigned char>(c)); }

#if defined(JSON_STRICT)
constexpr bool kTrailingCommas = false;
#elif defined(JSON_RELAXED)
constexpr bool kTrailingCommas = true;
#else
#error "choose JSON_STRICT or JSON_RELAXED"
#endif

} // namespace

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> out;
  std::size_t line = 1;
  std::size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    switch (c) {
    case '\n':
      ++line;
      [[fallthrough]];
    case ' ':
    case '\t':
    case '\r':
      ++i;
      continue;
    case '{':
      out.push_back({Tok::LBrace, "{", line});
      break;
    case '}':
      out.push_back({Tok::RBrace, "}", line});
      break;
    case '[':
      out.push_back({Tok::LBracket, "[", line});
      break;
    case ']':
      out.push_back({Tok::RBracket, "]", line});
      break;
    case ':':
      out.push_back({Tok::Colon, ":", line});
      break;
    case ',':
      out.push_back({Tok::Comma, ",", line});
      break;
#ifdef JSON_COMMENTS
    case '/': {
      std::size_t end = text.find('\n', i);
      if (end == std::string_view::npos)
        end = text.size();
      out.push_back({Tok::Comment, std::string(text.substr(i, end - i)), line});
      JR_LOG(Debug, "comment of ", end - i, " bytes at line ", line);
      i = end;
      continue;
    }
#endif
    case '"': {
      std::size_t end = i + 1;
      while (end < text.size() && text[end] != '"') {
        if (text[end] == '\\')
          ++end;
        ++end;
      }
      if (end >= text.size())
        throw SyntaxError(line, "unterminated string");
      out.push_back({Tok::String, std::string(text.substr(i, end - i + 1)), line});
      i = end + 1;
      continue;
    }
    default:
      if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) {
        std::size_t end = i + 1;
        while (end < text.size() &&
               (std::isdigit(static_cast<unsigned char>(text[end])) ||
                text[end] == '.' || text[end] == 'e' || text[end] == '-'))
          ++end;
        out.push_back({Tok::Number, std::string(text.substr(i, end - i)), line});
        i = end;
        continue;
      }
      if (isLiteralChar(c)) {
        std::size_t end = i;
        while (end < text.size() && isLiteralChar(text[end]))
          ++end;
        std::string word(text.substr(i, end - i));
        if (word != "true" && word != "false" && word != "null")
          throw SyntaxError(line, "unknown literal '" + word + "'");
        out.push_back({Tok::Literal, word, line});
        i = end;
        continue;
      }
      throw SyntaxError(line, std::string("unexpected character '") + c + "'");
    }
    ++i;
  }
  // Trailing commas: ", }" or ", ]".
  for (std::size_t k = 0; k + 1 < out.size(); ++k) {
    if (out[k].kind != Tok::Comma)
      continue;
    Tok nextKind = out[k + 1].kind;
    if (nextKind == Tok::RBrace || nextKind == Tok::RBracket) {
      if (!kTrailingCommas)
        throw SyntaxError(out[k].line, "trailing comma");
      JR_LOG(Warn, "dropping trailing comma at line ", out[k].line);
      out.erase(out.begin() + static_cast<std::ptrdiff_t>(k));
    }
  }
  out.push_back({Tok::End, "", line});
  return out;
}

} // namespace jr
