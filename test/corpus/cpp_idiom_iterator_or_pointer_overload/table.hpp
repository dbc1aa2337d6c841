// A small header-only associative table in the style of a JSON library's
// object members: entries in an array, walked through a member iterator.
// The iterator is a class by default (it cannot be mistaken for a plain
// pointer, e.g. compared with 0); a build without <iterator> defines
// TBL_NO_ITERATOR_CLASS and gets plain pointers instead.
#ifndef TBL_TABLE_HPP
#define TBL_TABLE_HPP

#include <cstddef>
#ifndef TBL_NO_ITERATOR_CLASS
#include <iterator>
#include <type_traits>
#endif

namespace tbl {

template <typename K, typename V> struct Entry {
  K key;
  V value;
};

template <typename K, typename V> class Table;

#ifndef TBL_NO_ITERATOR_CLASS

// Random-access iterator over the entries; a thin class over a pointer.
template <bool Const, typename K, typename V> class EntryIterator {
  template <bool, typename, typename> friend class EntryIterator;
  friend class Table<K, V>;

  typedef Entry<K, V> Plain;
  typedef typename std::conditional<Const, const Plain, Plain>::type Held;

public:
  typedef EntryIterator Iterator;
  typedef EntryIterator<true, K, V> ConstIterator;
  typedef EntryIterator<false, K, V> NonConstIterator;
  typedef std::random_access_iterator_tag iterator_category;
  typedef Held value_type;
  typedef Held *Pointer;
  typedef Held &Reference;
  typedef std::ptrdiff_t DifferenceType;

  EntryIterator() : ptr_() {}
  EntryIterator(const NonConstIterator &it) : ptr_(it.ptr_) {}
  Iterator &operator=(const NonConstIterator &it) {
    ptr_ = it.ptr_;
    return *this;
  }

  Iterator &operator++() {
    ++ptr_;
    return *this;
  }
  Iterator &operator--() {
    --ptr_;
    return *this;
  }
  Iterator operator++(int) {
    Iterator old(*this);
    ++ptr_;
    return old;
  }
  Iterator operator--(int) {
    Iterator old(*this);
    --ptr_;
    return old;
  }

  Iterator operator+(DifferenceType n) const { return Iterator(ptr_ + n); }
  Iterator operator-(DifferenceType n) const { return Iterator(ptr_ - n); }
  Iterator &operator+=(DifferenceType n) {
    ptr_ += n;
    return *this;
  }
  Iterator &operator-=(DifferenceType n) {
    ptr_ -= n;
    return *this;
  }

  bool operator==(ConstIterator that) const { return ptr_ == that.ptr_; }
  bool operator!=(ConstIterator that) const { return ptr_ != that.ptr_; }
  bool operator<(ConstIterator that) const { return ptr_ < that.ptr_; }
  bool operator<=(ConstIterator that) const { return ptr_ <= that.ptr_; }

  Reference operator*() const { return *ptr_; }
  Pointer operator->() const { return ptr_; }
  Reference operator[](DifferenceType n) const { return ptr_[n]; }

  DifferenceType operator-(ConstIterator that) const {
    return ptr_ - that.ptr_;
  }

private:
  explicit EntryIterator(Pointer p) : ptr_(p) {}

  Pointer ptr_;
};

#else // TBL_NO_ITERATOR_CLASS: plain pointers

template <bool Const, typename K, typename V> struct EntryIterator;

template <typename K, typename V> struct EntryIterator<false, K, V> {
  typedef Entry<K, V> *Iterator;
};
template <typename K, typename V> struct EntryIterator<true, K, V> {
  typedef const Entry<K, V> *Iterator;
};

#endif // TBL_NO_ITERATOR_CLASS

template <typename K, typename V> class Table {
public:
  typedef typename EntryIterator<false, K, V>::Iterator iterator;
  typedef typename EntryIterator<true, K, V>::Iterator const_iterator;

  Table() : n_(0) {}

  iterator begin() { return iterator(items_); }
  iterator end() { return iterator(items_ + n_); }
  const_iterator begin() const { return const_iterator(items_); }
  const_iterator end() const { return const_iterator(items_ + n_); }
  std::size_t size() const { return n_; }

  iterator find(const K &k) {
    for (iterator it = begin(); it != end(); ++it)
      if (it->key == k)
        return it;
    return end();
  }

  // Inserts or overwrites; with TBL_SORTED the entries stay sorted by key.
  void put(const K &k, const V &v) {
    iterator it = find(k);
    if (it != end()) {
      it->value = v;
      return;
    }
    if (n_ == kCapacity)
      return;
    iterator at = end();
#ifdef TBL_SORTED
    at = begin();
    while (at != end() && at->key < k)
      at++;
    for (iterator p = end(); at < p; --p)
      *p = p[-1];
#endif
    at->key = k;
    at->value = v;
    ++n_;
  }

  iterator erase(iterator pos) {
    for (iterator it = pos; it + 1 != end(); it++)
      *it = *(it + 1);
    --n_;
    return pos;
  }

private:
  static const std::size_t kCapacity = 64;
  Entry<K, V> items_[kCapacity];
  std::size_t n_;
};

} // namespace tbl

#endif // TBL_TABLE_HPP
