// A describe() overload set: one for entry pointers, a generic one for any
// other value. With TBL_NO_ITERATOR_CLASS the table's iterator is an entry
// pointer and picks the first; the class iterator picks the generic one.
#include "table.hpp"

#include <cstdio>

typedef tbl::Table<int, long> Scores;

void describe(const tbl::Entry<int, long> *e) {
  std::printf("entry %d=%ld\n", e->key, e->value);
}
template <typename T> void describe(const T &) {
  std::printf("opaque value\n");
}

int main() {
  Scores scores;
  for (int i = 0; i < 12; ++i)
    scores.put((i * 5) % 11, i * 3L);
  Scores::const_iterator first = scores.begin();
  describe(first);
  long sum = 0;
  for (Scores::const_iterator it = first; it != scores.end(); ++it)
    sum += it->value;
  std::printf("sum %ld\n", sum);
  return static_cast<int>(sum & 3);
}

/* The refusal, pinned (run_corpus.py checks these lines with FileCheck):
   the call instantiates the generic describe() for the class, where the
   pointer picks the other overload (rewrite/templates/PointerWrapperFacts.cpp).
// REFUSAL: {{^.*}}/main.cpp:22:3: error: 'tbl::EntryIterator' is a class template defined per feature (the #if on line 24 of {{.*}}/table.hpp)
// REFUSAL-SAME: a value of the class is used here where the pointer may behave otherwise: 'describe' is instantiated for its type
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
*/
