#include <cstdio>
#include <utility>

// A value class in the style of a JSON library: not copyable (C++03), an
// assignment that moves from an lvalue, one template assignment for
// numbers, and the C++11 move members under a build option.
class Value {
public:
  Value() : n_(0) {}
  explicit Value(int n) : n_(n) {}
#ifdef HAS_RVALUE_REFS
  Value(Value &&rhs) : n_(rhs.n_) { rhs.n_ = -1; }
  Value &operator=(Value &&rhs) {
    n_ = rhs.n_ * 10;
    rhs.n_ = -1;
    return *this;
  }
#endif
  //! Assignment takes over rhs's contents.
  Value &operator=(Value &rhs) {
    n_ = rhs.n_;
    rhs.n_ = 0;
    return *this;
  }
  //! Assignment of a number (or of anything with a number).
  template <typename T> Value &operator=(T v) {
    n_ = number(v) + 1000;
    return *this;
  }
  int get() const { return n_; }

private:
  static int number(int x) { return x; }
  static int number(const Value &x) { return x.n_; }
  //! Copying is not permitted.
  Value(const Value &);

  int n_;
};

int main() {
  Value a(1);
  Value c(2);
  a = c;
  std::printf("%d %d\n", a.get(), c.get());
  a = 7;
  std::printf("%d\n", a.get());
  a = Value(5);
  std::printf("%d\n", a.get());
  return 0;
}

/* The refusal, pinned (rewrite/safety/CopySiteJudge.h):
// REFUSAL: {{^.*}}/main.cpp:48:5: error: this assignment of a 'Value' from a 'Value' selects the move assignment 'Value::operator=(Value &&)' (main.cpp:13) in configuration 'HAS_RVALUE_REFS' and the assignment operator 'Value::operator=(Value)' (main.cpp:26) in configuration ''
// REFUSAL-NEXT: varsim: note: nothing was written
*/
