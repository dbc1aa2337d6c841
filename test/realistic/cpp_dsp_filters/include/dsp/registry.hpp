#pragma once

#include "dsp/filter.hpp"

#include <functional>
#include <map>
#include <stdexcept>
#include <string>

namespace dsp {

using Factory = std::function<std::unique_ptr<Filter>(float)>;

class Registry {
public:
  static Registry &instance();
  void add(const std::string &name, Factory f) { factories_[name] = std::move(f); }
  std::unique_ptr<Filter> make(const std::string &name, float param) const;
  std::size_t size() const { return factories_.size(); }

private:
  Registry();
  std::map<std::string, Factory> factories_;
};

#ifdef DSP_VALIDATE
class BadParameter : public std::invalid_argument {
public:
  BadParameter(const std::string &filter, float value);
};
#endif

} // namespace dsp
