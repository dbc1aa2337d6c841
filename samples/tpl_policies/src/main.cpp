// Relaxes the temperatures of the rod in the workload file (argv[1]) and
// prints them. Exit code 0; 100 on a bad workload.
#include "relax.h"

#include <cmath>
#include <cstdio>
#include <fstream>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: heat ROD_FILE\n");
    return 100;
  }
  std::ifstream In(argv[1]);
  Rod U;
  for (double V; In >> V;)
    U.push_back(V);
  if (U.size() < 3) {
    std::fprintf(stderr, "heat: no rod in %s\n", argv[1]);
    return 100;
  }
  work_ms(20); // assembling the mesh
  double Mean = relax(U);
  std::printf("mean %.4f, middle %.4f\n", Mean, U[U.size() / 2]);
#ifdef RESIDUAL
  work_ms(8); // computing the residual
  double R = 0;
  for (std::size_t I = 1; I + 1 < U.size(); ++I)
    R += std::fabs(U[I] - 0.5 * (U[I - 1] + U[I + 1]));
  std::printf("residual %.6f\n", R);
#endif
  work_ms(10); // writing the result
  return 0;
}
