#pragma once

#include <cstddef>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace dsp {

using Buffer = std::vector<float>;

class Filter {
public:
  explicit Filter(std::string name) : name_(std::move(name)) {}
  virtual ~Filter() = default;

  const std::string &name() const { return name_; }
  virtual void process(Buffer &samples) = 0;
  virtual void reset() {}
#ifdef DSP_PROFILE
  // Relative cost per sample, for the chain's budget report.
  virtual double costPerSample() const { return 1.0; }
#endif
#ifdef DSP_DESCRIBE
  virtual void describe(std::ostream &os) const;
#endif

protected:
  static float clamp(float v, float lo, float hi) {
    return v < lo ? lo : (v > hi ? hi : v);
  }

private:
  std::string name_;
};

class Gain final : public Filter {
public:
  explicit Gain(float gain);
  void process(Buffer &samples) override;
#ifdef DSP_DESCRIBE
  void describe(std::ostream &os) const override;
#endif

private:
  float gain_;
};

class Lowpass final : public Filter {
public:
  explicit Lowpass(float alpha);
  void process(Buffer &samples) override;
  void reset() override { state_ = 0.0f; }
#ifdef DSP_PROFILE
  double costPerSample() const override { return 2.5; }
#endif
#ifdef DSP_DESCRIBE
  void describe(std::ostream &os) const override;
#endif

private:
  float alpha_;
  float state_ = 0.0f;
};

#ifdef DSP_ECHO
class Echo final : public Filter {
public:
  Echo(std::size_t delay, float feedback);
  void process(Buffer &samples) override;
  void reset() override;
#ifdef DSP_PROFILE
  double costPerSample() const override { return 4.0; }
#endif

private:
  std::vector<float> line_;
  std::size_t pos_ = 0;
  float feedback_;
};
#endif

} // namespace dsp
