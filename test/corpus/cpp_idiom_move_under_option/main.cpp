#include <cstdio>
#include <cstdlib>
#include <utility>

template <typename Ch> class Buffer {
public:
  explicit Buffer(std::size_t n)
      : data_(static_cast<Ch *>(std::calloc(n, sizeof(Ch)))), size_(n) {}
#ifdef HAS_RVALUE_REFS
  Buffer(Buffer &&rhs) : data_(rhs.data_), size_(rhs.size_) {
    rhs.data_ = nullptr;
    rhs.size_ = 0;
  }
#endif
  ~Buffer() { std::free(data_); }

  //! A buffer of n copies of c (returned by the named return value
  //! optimization: no copy runs in either variant).
  static Buffer filled(std::size_t n, Ch c) {
    Buffer b(n + 1);
    for (std::size_t i = 0; i < n; ++i)
      b.data_[i] = c;
    return b;
  }

  std::size_t size() const { return size_; }
  Ch *data() { return data_; }

private:
  //! Copying is not permitted.
  Buffer(const Buffer &);
  Buffer &operator=(const Buffer &);

  Ch *data_;
  std::size_t size_;
};

int main() {
  Buffer<char> b = Buffer<char>::filled(12, 'x');
  std::printf("%zu %s\n", b.size(), b.data());
#ifdef HAS_RVALUE_REFS
  Buffer<char> c(std::move(b));
  std::printf("moved %zu %zu\n", b.size(), c.size());
#endif
  return static_cast<int>(b.size() % 5);
}

/* Accepted (rewrite/safety/CopySiteJudge.h): `return b;` in filled()
   selects the move constructor with HAS_RVALUE_REFS and the private copy
   constructor, never defined, without it (elided in both); the move in
   main() is under the option. */
