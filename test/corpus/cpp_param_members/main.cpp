// A cart whose constructor and member functions gain parameters with
// features.
#include <iostream>
#include <string>
#include <vector>

class Cart {
public:
  explicit Cart(int capacity
#ifdef TAX
                , double rate
#endif
                )
      : capacity_(capacity) {
#ifdef TAX
    rate_ = rate;
#endif
  }

  bool add(int cents
#ifdef LABEL
           , const std::string &label
#endif
  ) {
    if (static_cast<int>(items_.size()) >= capacity_)
      return false;
    items_.push_back(cents);
#ifdef LABEL
    labels_ += label + ";";
#endif
    return true;
  }

  long total(
#ifdef TAX
      bool rounded = true
#endif
  ) const {
    long sum = 0;
    for (int c : items_)
      sum += c;
#ifdef TAX
    double taxed = sum * (1.0 + rate_);
    sum = rounded ? static_cast<long>(taxed + 0.5) : static_cast<long>(taxed);
#endif
    return sum;
  }

  const std::string &labels() const { return labels_; }

private:
  int capacity_;
  double rate_ = 0.0;
  std::vector<int> items_;
  std::string labels_;
};

static std::string describe(int n) { return "item" + std::to_string(n); }

int main() {
  Cart cart(4
#ifdef TAX
            , 0.25
#endif
  );
  for (int i = 1; i <= 6; ++i) {
    bool ok = cart.add(i * 199
#ifdef LABEL
                       , describe(i)
#endif
    );
    std::cout << (ok ? "+" : "-");
  }
  std::cout << "\n" << cart.total() << "\n";
#ifdef TAX
  std::cout << cart.total(false) << "\n";
#endif
  std::cout << cart.labels() << "\n";
  return static_cast<int>(cart.total() % 50);
}
