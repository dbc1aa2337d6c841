// A meter whose destructor and a local probe's constructor have
// undisciplined #ifs (their bodies are duplicated into member functions).
#include <cstdio>
#include <string>

class Meter {
public:
  explicit Meter(const std::string &name, int base, int scale = 2)
      : name_(name), base_(base)
#ifdef BOOST
        , boost_(base * 2)
#endif
  {
    value_ = base_ * scale;
  }
  int boosted() const {
#ifdef BOOST
    return value_ + boost_;
#else
    return value_;
#endif
  }
  ~Meter() {
    std::printf("closing %s at %d"
#ifdef LOUD
                "!"
#endif
                "\n",
                name_.c_str(), value_);
  }
  int value() const { return value_; }

private:
  std::string name_;
  int base_;
  int value_ = 0;
#ifdef BOOST
  int boost_;
#endif
};

int main() {
  struct Probe {
    explicit Probe(int base, int scale = 3) : base_(base) {
      value_ = base_ * scale
#ifdef BOOST
               + base / 2
#endif
          ;
      if (value_ > 100)
        return;
      value_ += 1;
    }
    int base_;
    int value_ = 0;
  };
  Meter small("small", 7);
  Meter big("big", 60, 3);
  Probe p(9), q(40);
  std::printf("%d %d %d %d\n", small.boosted(), big.value(), p.value_,
              q.value_);
  return (small.value() + p.value_) % 16;
}
