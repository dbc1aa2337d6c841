// Resamples a synthetic scan line up and down a few times and prints a
// checksum; the kernel and the clamping are build options.
#include "resample.h"

#include <cstdio>

namespace img {

#if defined(KERNEL_CUBIC)
using Kernel = CubicKernel;
#elif defined(KERNEL_TENT)
using Kernel = TentKernel;
#else
using Kernel = BoxKernel;
#endif

#ifdef CLAMP_OUTPUT
inline constexpr bool kClamp = true;
#else
inline constexpr bool kClamp = false;
#endif

double process(const std::vector<double> &Line) {
  Resampler<Kernel, kClamp> Up(2.0), Down(0.5);
  std::vector<double> V = Line;
  for (int Round = 0; Round < 4; ++Round)
    V = Down.run(Up.run(V));
  double Sum = 0;
  for (double X : V)
    Sum += X;
  return Sum;
}

} // namespace img

int main() {
  std::vector<double> Line;
  for (int I = 0; I < 4000; ++I)
    Line.push_back(static_cast<double>((I * 37) % 256) - 8.0);
  double Sum = img::process(Line);
  std::printf("%s%s: %.3f\n", img::Kernel::kName,
              img::kClamp ? " clamped" : "", Sum);
  return 0;
}
