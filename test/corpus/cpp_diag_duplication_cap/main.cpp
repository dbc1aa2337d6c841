// A weight table with one optional element per feature.
#include <cstdio>
#include <vector>

int main() {
  const std::vector<int> weights{
      1,
#ifdef OPT_00
      1,
#endif
#ifdef OPT_01
      4,
#endif
#ifdef OPT_02
      7,
#endif
#ifdef OPT_03
      10,
#endif
#ifdef OPT_04
      13,
#endif
#ifdef OPT_05
      16,
#endif
#ifdef OPT_06
      19,
#endif
#ifdef OPT_07
      22,
#endif
#ifdef OPT_08
      25,
#endif
#ifdef OPT_09
      28,
#endif
#ifdef OPT_10
      31,
#endif
#ifdef OPT_11
      34,
#endif
#ifdef OPT_12
      37,
#endif
#ifdef OPT_13
      40,
#endif
      100};
  int sum = 0;
  for (int w : weights)
    sum += w;
  std::printf("%zu weights, sum %d\n", weights.size(), sum);
  return sum % 256;
}
