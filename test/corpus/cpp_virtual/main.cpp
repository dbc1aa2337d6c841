// Text filters as a class hierarchy; some filters exist only with features.
#include <algorithm>
#include <cctype>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

struct Filter {
  virtual ~Filter() = default;
  virtual std::string apply(std::string s) const = 0;
  virtual const char *name() const = 0;
};

#ifdef UPPER
struct Upper : Filter {
  std::string apply(std::string s) const override {
    for (char &c : s)
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
  }
  const char *name() const override { return "upper"; }
};
#endif

#ifdef REVERSE
struct Reverse : Filter {
  std::string apply(std::string s) const override {
    std::reverse(s.begin(), s.end());
    return s;
  }
  const char *name() const override { return "reverse"; }
};
#endif

struct Trim : Filter {
  std::string apply(std::string s) const override {
    while (!s.empty() && s.back() == ' ')
      s.pop_back();
#ifdef WRAP
    s = "[" + s + "]";
#endif
    return s;
  }
  const char *name() const override { return "trim"; }
};

static std::vector<std::unique_ptr<Filter>> makeFilters() {
  std::vector<std::unique_ptr<Filter>> fs;
  fs.push_back(std::make_unique<Trim>());
#ifdef UPPER
  fs.push_back(std::make_unique<Upper>());
#endif
#ifdef REVERSE
  fs.push_back(std::make_unique<Reverse>());
#endif
  return fs;
}

int main() {
  auto filters = makeFilters();
  std::string text = "variant simulator   ";
  for (const auto &f : filters) {
    text = f->apply(text);
    std::cout << f->name() << ": " << text << "\n";
  }
  return static_cast<int>(filters.size() * 10 + text.size() % 10);
}
