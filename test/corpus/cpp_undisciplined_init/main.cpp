// A menu whose initializer lists have conditional elements.
#include <iostream>
#include <string>
#include <vector>

class Bill {
public:
  Bill(int items, int cents)
      : items_(items), cents_(cents)
#ifdef TIPS
        , tip_(cents / 10)
#endif
  {
  }
  int total() const {
#ifdef TIPS
    return cents_ + tip_;
#else
    return cents_;
#endif
  }
  int items() const { return items_; }

private:
  int items_;
  int cents_;
#ifdef TIPS
  int tip_;
#endif
};

int main() {
  const std::vector<std::string> courses{"soup", "main",
#ifdef DESSERT
                                         "cake",
#endif
#ifdef DRINKS
                                         "wine", "water",
#endif
                                         "coffee"};
  const int prices[] = {450, 1290,
#ifdef DESSERT
                        520,
#endif
#ifdef DRINKS
                        700, 150,
#endif
                        250};
  int sum = 0;
  for (std::size_t i = 0; i < courses.size(); ++i) {
    std::cout << courses[i] << " " << prices[i] << "\n";
    sum += prices[i];
  }
  Bill b(static_cast<int>(courses.size()), sum);
  std::cout << b.items() << " items, total " << b.total() << "\n";
  return b.items();
}
