// A 1-D resampler in the style of an image library: the filter kernel is a
// policy class chosen at build time, clamping the output is a template
// flag of the resampler.
#ifndef RESAMPLE_H
#define RESAMPLE_H

#include <cmath>
#include <vector>

namespace img {

struct BoxKernel {
  static constexpr const char *kName = "box";
  static constexpr int kRadius = 1;
  static double weight(double X) { return std::fabs(X) < 0.5 ? 1.0 : 0.0; }
};

struct TentKernel {
  static constexpr const char *kName = "tent";
  static constexpr int kRadius = 1;
  static double weight(double X) {
    X = std::fabs(X);
    return X < 1.0 ? 1.0 - X : 0.0;
  }
};

struct CubicKernel {
  static constexpr const char *kName = "cubic";
  static constexpr int kRadius = 2;
  static double weight(double X) {
    X = std::fabs(X);
    if (X < 1.0)
      return 1.5 * X * X * X - 2.5 * X * X + 1.0;
    if (X < 2.0)
      return -0.5 * X * X * X + 2.5 * X * X - 4.0 * X + 2.0;
    return 0.0;
  }
};

template <class Kernel, bool Clamp> class Resampler {
public:
  explicit Resampler(double Scale) : Scale(Scale) {}

  std::vector<double> run(const std::vector<double> &In) const {
    std::vector<double> Out(static_cast<std::size_t>(In.size() * Scale));
    for (std::size_t I = 0; I < Out.size(); ++I) {
      double Centre = (static_cast<double>(I) + 0.5) / Scale - 0.5;
      int First = static_cast<int>(std::floor(Centre)) - Kernel::kRadius + 1;
      double Sum = 0, Norm = 0;
      for (int K = First; K < First + 2 * Kernel::kRadius; ++K) {
        double W = Kernel::weight(Centre - K);
        int At = K < 0 ? 0 : (K >= static_cast<int>(In.size())
                                  ? static_cast<int>(In.size()) - 1
                                  : K);
        Sum += W * In[static_cast<std::size_t>(At)];
        Norm += W;
      }
      Out[I] = finish(Norm != 0 ? Sum / Norm : 0.0);
    }
    return Out;
  }

private:
  double finish(double V) const {
    if constexpr (Clamp) {
      ++Clamped;
      return V < 0.0 ? 0.0 : (V > 255.0 ? 255.0 : V);
    } else {
      return V;
    }
  }

  double Scale;
  mutable unsigned long Clamped = 0;
};

} // namespace img

#endif
