/* 3x3 matrix pipeline: feature blocks declare what later code uses. */
#include <stdio.h>

int main(void) {
  int m[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
#ifdef IDENTITY
  int id[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, *diag = &id[0][0];
#else
  int id[3][3] = {{2, 0, 0}, {0, 2, 0}, {0, 0, 2}}, *diag = &m[0][0];
#endif
#ifdef SCALE
  const int k = 3;
#endif
  int out[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      int acc = 0;
      for (int t = 0; t < 3; ++t)
        acc += m[i][t] * id[t][j];
#ifdef SCALE
      acc *= k;
#endif
      out[i][j] = acc;
    }
#ifdef TRANSPOSE
  {
    int tmp[3][3];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        tmp[j][i] = out[i][j];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        out[i][j] = tmp[i][j];
  }
#endif
  for (int i = 0; i < 3; ++i)
    printf("%d %d %d\n", out[i][0], out[i][1], out[i][2]);
  printf("diag %d\n", diag[0] + diag[4] + diag[8]);
  return out[0][2] % 50;
}
