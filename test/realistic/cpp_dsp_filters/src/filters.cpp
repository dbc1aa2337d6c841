#include "dsp/filter.hpp"

#include <algorithm>

namespace dsp {

Gain::Gain(float gain) : Filter("gain"), gain_(gain) {}

void Gain::process(Buffer &samples) {
  for (float &s : samples)
    s = clamp(s * gain_, -1.0f, 1.0f);
}

Lowpass::Lowpass(float alpha) : Filter("lowpass"), alpha_(alpha) {}

void Lowpass::process(Buffer &samples) {
  for (float &s : samples) {
    state_ += alpha_ * (s - state_);
    s = state_;
  }
}

#ifdef DSP_ECHO
Echo::Echo(std::size_t delay, float feedback)
    : Filter("echo"), line_(delay, 0.0f), feedback_(feedback) {}

void Echo::process(Buffer &samples) {
  for (float &s : samples) {
    float delayed = line_[pos_];
    line_[pos_] = s + delayed * feedback_;
    s = clamp(s + delayed * 0.5f, -1.0f, 1.0f);
    pos_ = (pos_ + 1) % line_.size();
  }
}

void Echo::reset() {
  std::fill(line_.begin(), line_.end(), 0.0f);
  pos_ = 0;
}
#endif

} // namespace dsp
