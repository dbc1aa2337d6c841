#include "registry.hpp"

#ifdef PLUGIN_UPPER
namespace {

class Upper : public tp::Transform {
public:
  std::string name() const override { return "upper"; }
  void apply(std::string &text) const override {
    for (char &c : text)
      if (c >= 'a' && c <= 'z')
        c = static_cast<char>(c - 'a' + 'A');
  }
  int priority() const override { return 30; }
};

TP_REGISTER(Upper);

} // namespace
#endif
