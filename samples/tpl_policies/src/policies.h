// Policy-based design: Solver<Config> is assembled from policy classes
// (the smoother and the boundary condition) given as template arguments.
#ifndef TPL_POLICIES_POLICIES_H
#define TPL_POLICIES_POLICIES_H

#include "work.h"

#include <cstddef>
#include <vector>

using Rod = std::vector<double>;

struct Jacobi {
  static constexpr const char *kName = "jacobi";
  // One sweep from the old values only.
  static void sweep(Rod &U) {
    work_ms(1.0); // one sweep over the mesh
    Rod Old = U;
    for (std::size_t I = 1; I + 1 < U.size(); ++I)
      U[I] = 0.5 * (Old[I - 1] + Old[I + 1]);
  }
};

struct GaussSeidel {
  static constexpr const char *kName = "gauss-seidel";
  // One sweep using the values already updated.
  static void sweep(Rod &U) {
    work_ms(1.6); // one sweep over the mesh, with its dependences
    for (std::size_t I = 1; I + 1 < U.size(); ++I)
      U[I] = 0.5 * (U[I - 1] + U[I + 1]);
  }
};

struct FixedEnds {
  static void apply(Rod &U) {
    U.front() = 0.0;
    U.back() = 100.0;
  }
};

template <class SmootherPolicy, class BoundaryPolicy, int SweepCount>
struct Config {
  using Smoother = SmootherPolicy;
  using Boundary = BoundaryPolicy;
  static constexpr int kSweeps = SweepCount;
};

template <class C> struct Solver {
  static void solve(Rod &U) {
    for (int S = 0; S < C::kSweeps; ++S) {
      C::Boundary::apply(U);
      C::Smoother::sweep(U);
    }
  }
};

// The configuration: the smoother policy is chosen by a macro.
#ifdef GAUSS_SEIDEL
#define SMOOTHER GaussSeidel
#else
#define SMOOTHER Jacobi
#endif

#endif
