// Collapses runs of blanks; optionally (SQUEEZE_TABS) treats tabs as blanks.
#include "registry.hpp"

#ifdef PLUGIN_SQUEEZE
namespace {

class Squeeze : public tp::Transform {
public:
  std::string name() const override { return "squeeze"; }
  void apply(std::string &text) const override {
    std::string out;
    out.reserve(text.size());
    bool blank = false;
    for (char c : text) {
      bool is_blank = c == ' ';
#ifdef PLUGIN_VERBOSE
      is_blank = is_blank || c == '\t';
#endif
      if (is_blank && blank)
        continue;
      blank = is_blank;
      out += is_blank ? ' ' : c;
    }
    text.swap(out);
  }
  int priority() const override { return 10; }
};

TP_REGISTER(Squeeze);

} // namespace
#endif
