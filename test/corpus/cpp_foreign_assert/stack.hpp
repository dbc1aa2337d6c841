#pragma once

#include <cassert>
#include <cstddef>
#include <vector>

namespace app {

/// A bounded stack whose invariant is checked by assert.
template <class T> class Stack {
public:
  void push(const T &V) {
    Items.push_back(V);
    assert(invariant() && "stack over capacity");
  }
  T pop() {
    assert(!Items.empty());
    T V = Items.back();
    Items.pop_back();
    return V;
  }
  std::size_t size() const { return Items.size(); }
  int checks() const { return Checks; }

private:
  bool invariant() {
    ++Checks;
    return Items.size() <= 1000;
  }
  std::vector<T> Items;
  int Checks = 0;
};

} // namespace app
