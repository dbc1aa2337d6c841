// A table whose accessors have checked or counting versions for one
// element type under options: explicit specializations of members of a
// class template, defined only under a feature (as RapidJSON's
// Writer<StringBuffer>::ScanWriteUnescapedString under its SSE #if).
#ifndef TABLE_H
#define TABLE_H

#include <cstddef>
#include <cstdio>

template <typename T> class Table {
public:
  explicit Table(std::size_t N) : Size(N) {
    for (std::size_t I = 0; I < Capacity; ++I)
      Items[I] = T(static_cast<int>(I * 7 % 13));
  }

  // The element at I (the generic version: unchecked).
  const T &at(std::size_t I) const { return Items[I]; }

  // Adds V to the sum.
  void note(const T &V) { Sum += V; }

  // Says what the table is.
  void describe() const { std::printf("table of %zu\n", Size); }

  // The sum of the first N elements.
  T sumFirst(std::size_t N) const { return total(N); }

  T Sum = T();
  mutable unsigned Clamped = 0;

private:
  // Private, and the class's code is all in this file: only this file
  // calls it, so its loop around the accessor needs no marker of its own.
  T total(std::size_t N) const {
    T S = T();
    for (std::size_t I = 0; I < N; ++I)
      S += at(I);
    return S;
  }

  static constexpr std::size_t Capacity = 64;
  T Items[Capacity];
  std::size_t Size;
};

#ifdef CHECKED
template <>
inline const int &Table<int>::at(std::size_t I) const {
  if (I >= Size) {
    ++Clamped;
    return Items[Size - 1];
  }
  return Items[I];
}
#endif

#ifdef COUNT_NOTES
template <>
inline void Table<int>::note(const int &V) {
  static unsigned Notes;
  if (++Notes % 100 == 0)
    Sum += 1;
  Sum += V;
}
#endif

#ifdef VERBOSE
template <>
inline void Table<int>::describe() const {
  std::printf("%s: table of %zu ints\n", __func__, Size);
}
#endif

#endif

/* Each member is merged into one definition dispatching between its
   specialization and a variant running the primary's copy, which has no
   marker. The specializations' bodies run as lambdas kept out of line, so
   that the dispatch and the primary inline into the loop; describe's body
   names __func__, which a lambda would change, and stays in place. The
   private total() is unmarked: its time is sumFirst's self time, where
   the accessor's calls are timed (the manifest's unmarked code).
   run_corpus.py checks these lines with FileCheck:
// REWRITE: T total(std::size_t N) const {{[{]$}}
// REWRITE-NEXT: T S = T();
// REWRITE: inline const int &Table<int>::at(std::size_t I) const { if (VARSIM_F_CHECKED) { return [&]() __attribute__((noinline)) -> const int & { VARSIM_REGION({{[0-9]+}});
// REWRITE: inline void Table<int>::note(const int &V) { if (VARSIM_F_COUNT_NOTES) { return [&]() __attribute__((noinline)) -> void { VARSIM_REGION({{[0-9]+}});
// REWRITE: inline void Table<int>::describe() const { if (VARSIM_F_VERBOSE) { VARSIM_REGION({{[0-9]+}});
*/
