#include "token.hpp"

#include <array>
#include <cstdio>
#include <map>
#include <string>

namespace {

const char *const counterNames[lx::C_COUNT] = {
    "words",
#ifdef LEX_FLOATS
    "floats",
#endif
    "numbers",
#ifdef LEX_STATS
    "longest",
#endif
};

std::array<unsigned long, lx::C_COUNT> count(const std::vector<lx::Token> &ts) {
  std::array<unsigned long, lx::C_COUNT> c{};
  for (const lx::Token &t : ts) {
    if (t.kind == lx::Tok::Word)
      c[lx::C_WORDS]++;
    if (t.kind == lx::Tok::Number) {
#ifdef LEX_FLOATS
      if (t.text.find('.') != std::string::npos) {
        c[lx::C_FLOATS]++;
        continue;
      }
#endif
      c[lx::C_NUMBERS]++;
    }
#ifdef LEX_STATS
    if (t.text.size() > c[lx::C_LONGEST])
      c[lx::C_LONGEST] = t.text.size();
#endif
  }
  return c;
}

} // namespace

int main() {
  const std::string text = "let x = 3.25 + y2 * 17 # scale\nprint x 4 # done\n";
  std::map<lx::Tok, int> kinds;
  unsigned long total = 0;
  std::array<unsigned long, lx::C_COUNT> last{};
  for (int round = 0; round < 3000; ++round) {
    std::vector<lx::Token> ts = lx::lex(text);
    for (const lx::Token &t : ts)
      kinds[t.kind]++;
    last = count(ts);
    total += ts.size();
  }
  for (const auto &[k, n] : kinds)
    std::printf("%-8s %d (%d)\n", lx::kindName(k), n, static_cast<int>(k));
  for (int i = 0; i < lx::C_COUNT; ++i)
    std::printf("%s=%lu ", counterNames[i], last[static_cast<std::size_t>(i)]);
  std::printf("\ntokens %lu, end=%d, counters %d\n", total,
              static_cast<int>(lx::Tok::End), static_cast<int>(lx::C_COUNT));
  return static_cast<int>(lx::Tok::Punct);
}
