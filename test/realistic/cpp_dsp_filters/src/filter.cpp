#include "dsp/filter.hpp"

#ifdef DSP_DESCRIBE
#include <iomanip>
#endif

namespace dsp {

#ifdef DSP_DESCRIBE
void Filter::describe(std::ostream &os) const { os << name_; }

void Gain::describe(std::ostream &os) const {
  Filter::describe(os);
  os << "(x" << std::fixed << std::setprecision(2) << gain_ << ")";
}

void Lowpass::describe(std::ostream &os) const {
  Filter::describe(os);
  os << "(alpha=" << std::fixed << std::setprecision(2) << alpha_ << ")";
}
#endif

} // namespace dsp
