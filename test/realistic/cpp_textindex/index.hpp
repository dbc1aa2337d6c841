#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "tokenizer.hpp"

namespace ti {

struct Posting {
  unsigned doc = 0;
  unsigned count = 0;
#ifdef IDX_POSITIONS
  std::vector<unsigned> positions;
#endif
};

class Index {
public:
  Index();
  void add(unsigned doc, const std::vector<Token> &tokens);
  // Documents containing every word of the query, best first.
  std::vector<std::pair<unsigned, unsigned>> query(const std::string &words,
                                                   Tokenizer &tok) const;
  std::size_t terms() const { return postings_.size(); }
  std::size_t skipped() const { return skipped_; }
  std::size_t postingBytes() const;

private:
  std::unordered_map<std::string, std::vector<Posting>> postings_;
#ifdef IDX_STOPWORDS
  std::unordered_set<std::string> stopwords_;
#endif
  std::size_t skipped_ = 0;
};

} // namespace ti
