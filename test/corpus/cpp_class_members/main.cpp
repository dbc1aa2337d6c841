// A bank account class whose members depend on features.
#include <cstdio>
#include <vector>

class Account {
public:
  explicit Account(long cents) : balance_(cents) {}

  bool withdraw(long cents) {
#ifdef OVERDRAFT
    if (balance_ - cents < -limit_)
      return false;
#else
    if (cents > balance_)
      return false;
#endif
    balance_ -= cents;
#ifdef HISTORY
    history_.push_back(-cents);
#endif
    return true;
  }

  void deposit(long cents) {
    balance_ += cents;
#ifdef HISTORY
    history_.push_back(cents);
#endif
  }

#ifdef INTEREST
  void addInterest(int permille) { deposit(balance_ * permille / 1000); }
#endif

#ifdef HISTORY
  const std::vector<long> &history() const { return history_; }
#endif

  long balance() const { return balance_; }

private:
  long balance_;
#ifdef HISTORY
  std::vector<long> history_;
#endif
#ifdef OVERDRAFT
  long limit_ = 5000;
#endif
};

int main() {
  Account a(10000);
  a.deposit(2500);
  std::printf("withdraw 14000: %s\n", a.withdraw(14000) ? "ok" : "refused");
  std::printf("withdraw 3000: %s\n", a.withdraw(3000) ? "ok" : "refused");
#ifdef INTEREST
  a.addInterest(25);
#endif
#ifdef HISTORY
  for (long h : a.history())
    std::printf("  %+ld\n", h);
#endif
  std::printf("balance %ld\n", a.balance());
  return a.balance() < 0 ? 3 : 0;
}
