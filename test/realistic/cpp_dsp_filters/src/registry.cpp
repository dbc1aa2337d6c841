#include "dsp/registry.hpp"

#include <cmath>
#include <sstream>

namespace dsp {

namespace {

#ifdef DSP_VALIDATE
void checkRange(const char *filter, float v, float lo, float hi) {
  if (!(v >= lo && v <= hi))
    throw BadParameter(filter, v);
}
#endif

} // namespace

#ifdef DSP_VALIDATE
static std::string badParameterMessage(const std::string &filter, float v) {
  std::ostringstream os;
  os << "bad parameter " << v << " for " << filter;
  return os.str();
}

BadParameter::BadParameter(const std::string &filter, float value)
    : std::invalid_argument(badParameterMessage(filter, value)) {}
#endif

Registry::Registry() {
  add("gain", [](float g) -> std::unique_ptr<Filter> {
#ifdef DSP_VALIDATE
    checkRange("gain", g, 0.0f, 8.0f);
#endif
    return std::make_unique<Gain>(g);
  });
  add("lowpass", [](float a) -> std::unique_ptr<Filter> {
#ifdef DSP_VALIDATE
    checkRange("lowpass", a, 0.0f, 1.0f);
#endif
    return std::make_unique<Lowpass>(a);
  });
#ifdef DSP_ECHO
  add("echo", [](float delayMs) -> std::unique_ptr<Filter> {
    auto delay = static_cast<std::size_t>(std::lround(delayMs * 44.1f));
    return std::make_unique<Echo>(delay == 0 ? 1 : delay, 0.4f);
  });
#endif
}

Registry &Registry::instance() {
  static Registry registry;
  return registry;
}

std::unique_ptr<Filter> Registry::make(const std::string &name,
                                       float param) const {
  auto it = factories_.find(name);
  if (it == factories_.end())
    return nullptr;
  return it->second(param);
}

} // namespace dsp
