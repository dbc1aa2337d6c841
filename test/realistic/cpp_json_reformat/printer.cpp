#include "lexer.hpp"

#include "log.hpp"

#include <string>

namespace jr {

#ifndef JR_INDENT
#define JR_INDENT 2
#endif

std::string reformat(const std::vector<Token> &tokens) {
  std::string out;
  int depth = 0;
#ifdef JSON_PRETTY
  auto newline = [&out, &depth] {
    out += '\n';
    out.append(static_cast<std::size_t>(depth * JR_INDENT), ' ');
  };
#endif
  for (const Token &t : tokens) {
    switch (t.kind) {
    case Tok::LBrace:
    case Tok::LBracket:
      out += t.text;
      ++depth;
#ifdef JSON_PRETTY
      newline();
#endif
      break;
    case Tok::RBrace:
    case Tok::RBracket:
      --depth;
#ifdef JSON_PRETTY
      newline();
#endif
      out += t.text;
      break;
    case Tok::Comma:
      out += ',';
#ifdef JSON_PRETTY
      newline();
#endif
      break;
    case Tok::Colon:
#if defined(JSON_PRETTY)
      out += ": ";
#else
      out += ':';
#endif
      break;
#ifdef JSON_COMMENTS
    case Tok::Comment:
      JR_LOG(Info, "stripped ", t.text);
      break;
#endif
    case Tok::End:
      break;
    default:
      out += t.text;
      break;
    }
  }
  if (depth != 0)
    throw SyntaxError(tokens.back().line, "unbalanced brackets");
#if 0
  // Old behaviour: always end with a newline.
  out += '\n';
#endif
  return out;
}

} // namespace jr
