// textindex: indexes generated documents and answers a few queries.
#include <cstdio>
#include <string>

#include "index.hpp"
#include "tokenizer.hpp"

namespace {

const char *const kWords[] = {
    "The",     "index",  "of",       "running", "searches", "a",
    "Parser",  "tokens", "and",      "query",   "engines",  "in",
    "reading", "files",  "is",       "fast",    "Stemming", "words",
    "to",      "it",     "counting", "Indexes", "the",      "Queries"};

std::string makeDocument(unsigned doc) {
  std::string text;
  unsigned x = doc * 2654435761u + 7;
  for (int i = 0; i < 120; ++i) {
    x = x * 1664525u + 1013904223u;
    text += kWords[(x >> 11) % 24];
    text += (x >> 7) % 9 == 0 ? ". " : " ";
  }
  return text;
}

} // namespace

int main() {
  ti::Tokenizer tok;
  ti::Index index;
  for (unsigned doc = 0; doc < 150; ++doc)
    index.add(doc, tok.split(makeDocument(doc)));

  std::printf("%zu terms, %zu stopwords skipped, %zu posting bytes\n",
              index.terms(), index.skipped(), index.postingBytes());
  unsigned checksum = 0;
  for (const char *q : {"index", "running queries", "the parser",
                        "Stemming words", "fast engines"}) {
    auto result = index.query(q, tok);
    std::printf("%-16s %3zu docs", q, result.size());
    if (!result.empty())
      std::printf(", best %u (%u)", result.front().first,
                  result.front().second);
    std::printf("\n");
    for (const auto &[doc, score] : result)
      checksum = checksum * 31 + doc * 7 + score;
  }
#ifdef IDX_STEM
  std::printf("%lu words stemmed\n", tok.stemmed());
#endif
  std::printf("%lu chars, checksum %08x\n", tok.charsSeen(), checksum);
  return static_cast<int>(index.terms() % 64);
}
