#include "registry.hpp"

#ifdef PLUGIN_ROT13
namespace {

class Rot13 : public tp::Transform {
public:
  std::string name() const override { return "rot13"; }
  void apply(std::string &text) const override {
    for (char &c : text) {
      if (c >= 'a' && c <= 'z')
        c = static_cast<char>('a' + (c - 'a' + 13) % 26);
      else if (c >= 'A' && c <= 'Z')
        c = static_cast<char>('A' + (c - 'A' + 13) % 26);
    }
  }
};

TP_REGISTER(Rot13);

} // namespace
#endif
