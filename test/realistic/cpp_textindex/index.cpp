#include "index.hpp"

#include <algorithm>

namespace ti {

Index::Index() {
#ifdef IDX_STOPWORDS
  for (const char *w : {"the", "a", "of", "and", "to", "in", "is", "it",
                        "The", "A", "In"})
    stopwords_.insert(w);
#endif
}

void Index::add(unsigned doc, const std::vector<Token> &tokens) {
  for (const Token &t : tokens) {
#ifdef IDX_STOPWORDS
    if (stopwords_.count(t.text) != 0) {
      ++skipped_;
      continue;
    }
#endif
    std::vector<Posting> &list = postings_[t.text];
    if (list.empty() || list.back().doc != doc) {
      list.emplace_back();
      list.back().doc = doc;
    }
    Posting &p = list.back();
    ++p.count;
#ifdef IDX_POSITIONS
    p.positions.push_back(t.position);
#endif
  }
}

std::size_t Index::postingBytes() const {
  std::size_t bytes = 0;
  for (const auto &entry : postings_) {
    bytes += entry.first.size() + entry.second.size() * 8;
#ifdef IDX_POSITIONS
    for (const Posting &p : entry.second)
      bytes += p.positions.size() * sizeof(unsigned);
#endif
  }
  return bytes;
}

std::vector<std::pair<unsigned, unsigned>>
Index::query(const std::string &words, Tokenizer &tok) const {
  std::map<unsigned, unsigned> score;
  std::map<unsigned, unsigned> hits;
  std::vector<Token> terms = tok.split(words);
  for (const Token &t : terms) {
    auto it = postings_.find(t.text);
    if (it == postings_.end())
      return {};
    for (const Posting &p : it->second) {
      score[p.doc] += p.count;
      ++hits[p.doc];
#ifdef IDX_POSITIONS
      if (!p.positions.empty() && p.positions.front() < 5)
        score[p.doc] += 3; // early in the document
#endif
    }
  }
  std::vector<std::pair<unsigned, unsigned>> result;
  for (const auto &[doc, n] : hits)
    if (n == terms.size())
      result.emplace_back(doc, score[doc]);
  std::sort(result.begin(), result.end(), [](const auto &a, const auto &b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  return result;
}

} // namespace ti
