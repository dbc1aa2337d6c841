// Walks a table through its member iterators: every operator of a
// random-access iterator, const and non-const, passed to a function that
// takes the table's iterator type. With TBL_NO_ITERATOR_CLASS the iterators
// are plain pointers, otherwise a class over one (table.hpp).
#include "table.hpp"

#include <cstdio>

typedef tbl::Table<int, long> Scores;

static long weighted(Scores::const_iterator first, Scores::const_iterator last) {
  long sum = 0;
  long weight = 1;
  for (Scores::const_iterator it = first; it < last; ++it, ++weight)
    sum += weight * it->value;
  return sum;
}

int main() {
  Scores scores;
  unsigned seed = 17;
  for (int i = 0; i < 40; ++i) {
    seed = seed * 1103515245u + 12345u;
    scores.put(static_cast<int>(seed % 29), static_cast<long>(seed % 1000));
  }
  std::printf("size %zu weighted %ld\n", scores.size(),
              weighted(scores.begin(), scores.end()));

  Scores::iterator it = scores.begin();
  it += 3;
  Scores::iterator back = it - 1;
  std::printf("third %d=%ld before %d span %ld\n", it->key, (*it).value,
              back->key, static_cast<long>(scores.end() - it));
  std::printf("it[2] %d, %d\n", it[2].key, (it + 2)->key);
  Scores::const_iterator c = it;
  std::printf("same %d after %d\n", c == it, scores.end() <= c);

  Scores::iterator gone = scores.find(scores.begin()[4].key);
  if (gone != scores.end())
    scores.erase(gone);
  Scores::iterator last = scores.end();
  last--;
  --last;
  std::printf("after erase %zu last-but-one %d\n", scores.size(), last->key);

  const Scores &view = scores;
  unsigned long keys = 0;
  for (Scores::const_iterator k = view.begin(); k != view.end(); k++)
    keys = keys * 31 + static_cast<unsigned long>(k->key);
  std::printf("keys %lu weighted %ld\n", keys,
              weighted(view.begin(), view.end()));
  return static_cast<int>(keys & 7);
}
