#pragma once

#include "config.hpp"

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>

namespace mk {

constexpr std::size_t roundUp(std::size_t n, std::size_t a) {
  return (n + a - 1) / a * a;
}

constexpr bool isPowerOfTwo(std::size_t n) { return n && !(n & (n - 1)); }

static_assert(isPowerOfTwo(MAT_BLOCK), "MAT_BLOCK must be a power of two");

template <typename T, std::size_t N> class Matrix {
public:
  static constexpr std::size_t kStride = roundUp(N, config::kBlock);

  T &at(std::size_t r, std::size_t c) {
    if constexpr (config::kChecked) {
      if (r >= N || c >= N)
        throw std::out_of_range("Matrix::at(" + std::to_string(r) + ", " +
                                std::to_string(c) + ")");
    }
    return data_[r * kStride + c];
  }
  const T &at(std::size_t r, std::size_t c) const {
    return const_cast<Matrix *>(this)->at(r, c);
  }
  void fill(T seed) {
    for (std::size_t r = 0; r < N; ++r)
      for (std::size_t c = 0; c < N; ++c)
        at(r, c) = static_cast<T>(
            (static_cast<long long>(seed) * static_cast<long long>(r + 1) +
             static_cast<long long>(c * 3)) % 17 - 8);
  }
  T trace() const {
    T t{};
    for (std::size_t i = 0; i < N; ++i)
      t += at(i, i);
    return t;
  }
#ifdef MAT_STATS
  mutable std::size_t accesses = 0;
#endif

private:
  std::array<T, kStride * kStride> data_{};
};

template <typename T, std::size_t N>
void multiply(const Matrix<T, N> &a, const Matrix<T, N> &b, Matrix<T, N> &out) {
  if constexpr (config::kBlock > 1) {
    constexpr std::size_t B = config::kBlock;
    for (std::size_t i = 0; i < N; ++i)
      for (std::size_t j = 0; j < N; ++j)
        out.at(i, j) = T{};
    for (std::size_t ii = 0; ii < N; ii += B)
      for (std::size_t kk = 0; kk < N; kk += B)
        for (std::size_t i = ii; i < ii + B && i < N; ++i)
          for (std::size_t k = kk; k < kk + B && k < N; ++k) {
            const T aik = a.at(i, k);
            for (std::size_t j = 0; j < N; ++j)
              out.at(i, j) += aik * b.at(k, j);
          }
  } else {
    for (std::size_t i = 0; i < N; ++i)
      for (std::size_t j = 0; j < N; ++j) {
        T sum{};
        for (std::size_t k = 0; k < N; ++k)
          sum += a.at(i, k) * b.at(k, j);
        out.at(i, j) = sum;
      }
  }
#ifdef MAT_STATS
  out.accesses += N * N * N;
#endif
}

} // namespace mk
