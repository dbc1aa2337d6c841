// wordfreq: counts words of a built-in text and answers a few queries.
#include <cctype>
#include <cstdio>
#include <sstream>
#include <string>

#include "counter.h"

namespace {

const char kText[] =
    "It was the best of times, it was the worst of times, it was the age "
    "of wisdom, it was the age of foolishness, it was the epoch of belief, "
    "it was the epoch of incredulity, it was the season of Light, it was "
    "the season of Darkness.";

std::string normalise(const std::string &raw) {
  std::string w;
  for (char c : raw)
    if (std::isalpha(static_cast<unsigned char>(c)))
      w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return w;
}

} // namespace

int main() {
  wf::WordCounter counter;
  std::istringstream in(kText);
  std::string raw;
  while (in >> raw) {
    std::string w = normalise(raw);
    if (!w.empty())
      counter.add(w);
  }
  const char *queries[] = {"it", "it", "was", "times", "times", "darkness",
                           "zebra"};
  int sum = 0;
  for (const char *q : queries) {
    int n = counter.count(q);
    sum += n;
    std::printf("%-9s %d\n", q, n);
  }
  for (const auto &[word, n] : counter.top(4))
    std::printf("top: %s x%d\n", word.c_str(), n);
  std::printf("%zu distinct words\n", counter.distinct());
  return sum % 16;
}
