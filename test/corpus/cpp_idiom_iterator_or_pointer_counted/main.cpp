// The class iterator counts its steps (table.hpp): the plain pointers of
// TBL_NO_ITERATOR_CLASS do not, so the class cannot stand for them.
#include "table.hpp"

#include <cstdio>

typedef tbl::Table<int, long> Scores;

int main() {
  Scores scores;
  for (int i = 0; i < 12; ++i)
    scores.put((i * 7) % 13, i * 10L);
  long sum = 0;
  for (Scores::iterator it = scores.begin(); it != scores.end(); ++it)
    sum += it->value * it->key;
  std::printf("sum %ld steps %ld\n", sum, tbl::g_steps);
  return static_cast<int>(sum & 3);
}

/* The refusal, pinned (run_corpus.py checks these lines with FileCheck):
   the counting operator++ is not the pointer's ++
   (rewrite/templates/PointerWrapperTable.cpp).
// REFUSAL: {{^.*}}/table.hpp:54:13: error: 'tbl::EntryIterator' is a class template defined per feature (the #if on line 27 of {{.*}}/table.hpp)
// REFUSAL-SAME: as a class over a pointer in one branch and a plain pointer in the other;
// REFUSAL-SAME: but 'operator++' is not the built-in pointer operator on the pointer member
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
*/
