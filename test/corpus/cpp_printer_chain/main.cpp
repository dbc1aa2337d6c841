// A refinement chain: print() is extended by three features.
#include <cstdio>

class Device {
public:
  void print(int page);
  int scan();
  int work() const { return work_; }

private:
  int work_ = 0;
};

int Device::scan() {
  work_ += 10;
#ifdef LOG
  std::printf("log: scan\n");
  work_ += 5;
#endif
  return work_;
}

void Device::print(int page) {
#ifdef AUTO
  work_ += 1;
  scan();
#endif
#ifdef COLOR
  work_ += 50;
  scan();
#endif
#ifdef LOG
  std::printf("log: execute printer job %d\n", page);
  work_ += 100;
#endif
  work_ += 20 * page;
  std::printf("printed page %d\n", page);
}

int main() {
  Device d;
  for (int p = 1; p <= 3; ++p)
    d.print(p);
  std::printf("work %d\n", d.work());
  return d.work() % 256;
}
