// Word search over a map of documents.
#include <algorithm>
#include <cctype>
#include <iostream>
#include <map>
#include <string>
#include <vector>

static std::string normalize(std::string w) {
#ifdef CASE_FOLD
  std::transform(w.begin(), w.end(), w.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
#endif
  return w;
}

static int find(const std::map<std::string, std::vector<std::string>> &docs,
                const std::string &word) {
  int hits = 0;
  for (const auto &[name, words] : docs) {
#ifdef SKIP_EMPTY
    if (words.empty())
      continue;
#endif
    std::cout << "scan " << name << "\n";
    for (const auto &w : words) {
      if (normalize(w) != word)
        continue;
      ++hits;
#ifdef FIRST_ONLY
      std::cout << "first hit in " << name << "\n";
      return hits;
#endif
    }
  }
  return hits;
}

int main() {
  std::map<std::string, std::vector<std::string>> docs{
      {"a.txt", {"The", "cat", "the", "hat"}},
      {"b.txt", {}},
      {"c.txt", {"THE", "end"}}};
  int hits = find(docs, "the");
  std::cout << hits << " hits\n";
  return hits;
}
