// A fixed-capacity buffer template with feature code in its members.
#include <cstddef>
#include <cstdio>

template <typename T, std::size_t N> class Ring {
public:
  bool put(const T &v) {
#ifdef CHECKED
    if (size_ == N) {
      ++rejected_;
      return false;
    }
#endif
    data_[(start_ + size_) % N] = v;
    if (size_ < N)
      ++size_;
    else
      start_ = (start_ + 1) % N;
    return true;
  }
  T sum() const {
    T s{};
    for (std::size_t i = 0; i < size_; ++i)
      s += data_[(start_ + i) % N];
    return s;
  }
  std::size_t rejected() const { return rejected_; }

private:
  T data_[N]{};
  std::size_t start_ = 0, size_ = 0, rejected_ = 0;
};

template <typename T> T mean(const T *v, int n) {
  T s{};
  for (int i = 0; i < n; ++i)
    s += v[i];
#ifdef STATS
  std::printf("mean of %d values\n", n);
#endif
  return s / n;
}

int main() {
  Ring<int, 4> ints;
  Ring<double, 3> reals;
  for (int i = 1; i <= 6; ++i) {
    ints.put(i * 10);
    reals.put(i * 0.5);
  }
  const double xs[] = {1.5, 2.5, 4.0};
  std::printf("ints %d reals %.2f mean %.3f rejected %zu\n", ints.sum(), reals.sum(),
              mean(xs, 3), ints.rejected() + reals.rejected());
  return ints.sum() % 128;
}
