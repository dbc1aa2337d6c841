/* One expression with 16 independent optional terms. */
#include <stdio.h>

int main(void) {
  int w[16];
  for (int i = 0; i < 16; ++i)
    w[i] = i * i + 1;
  int score = w[15]
#ifdef F00
      + 1 * w[0]
#endif
#ifdef F01
      + 2 * w[1]
#endif
#ifdef F02
      + 3 * w[2]
#endif
#ifdef F03
      + 4 * w[3]
#endif
#ifdef F04
      + 5 * w[4]
#endif
#ifdef F05
      + 6 * w[5]
#endif
#ifdef F06
      + 7 * w[6]
#endif
#ifdef F07
      + 8 * w[7]
#endif
#ifdef F08
      + 9 * w[8]
#endif
#ifdef F09
      + 10 * w[9]
#endif
#ifdef F10
      + 11 * w[10]
#endif
#ifdef F11
      + 12 * w[11]
#endif
#ifdef F12
      + 13 * w[12]
#endif
#ifdef F13
      + 14 * w[13]
#endif
#ifdef F14
      + 15 * w[14]
#endif
#ifdef F15
      + 16 * w[15]
#endif
      ;
  printf("score %d\n", score);
  return score % 256;
}
