// A bill whose optional members are initialized under their features.
#include <cstdio>
#include <string>

class Bill {
public:
  Bill(int items, int cents, const std::string &who)
      : items_(items), cents_(cents), who_(who)
#ifdef TIPS
        , tip_(cents / 10)
#endif
#if defined(TAX) && !defined(TIPS)
        , tax_(cents / 5)
#elif defined(TAX)
        , tax_(cents / 4)
#endif
  {
  }
  int total() const {
    int t = cents_;
#ifdef TIPS
    t += tip_;
#endif
#ifdef TAX
    t += tax_;
#endif
    return t;
  }
  int items() const { return items_; }
  const std::string &who() const { return who_; }

private:
  int items_;
  int cents_;
  std::string who_;
#ifdef TIPS
  int tip_;
#endif
#ifdef TAX
  int tax_;
#endif
};

int main() {
  Bill b(3, 1280, "table 4");
  std::printf("%s: %d items, %d\n", b.who().c_str(), b.items(), b.total());
  return b.total() % 100;
}
