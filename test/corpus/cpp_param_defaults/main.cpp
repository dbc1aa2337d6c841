#include "pad.h"

#include <iostream>

std::string pad(unsigned v, int width
#ifdef FILL
                ,
                char fill
#endif
) {
  std::string s = std::to_string(v);
  char c = ' ';
#ifdef FILL
  c = fill;
#endif
  while (static_cast<int>(s.size()) < width)
    s.insert(s.begin(), c);
  return s;
}

int main() {
  unsigned total = 0;
  for (unsigned v = 7; v < 7000; v = v * 3 + 1) {
    std::string a = pad(v);
    std::string b = pad(v, 5);
#ifdef FILL
    std::string c = pad(v, 6, '0');
#else
    std::string c = pad(v, 6);
#endif
    std::cout << "[" << a << "][" << b << "][" << c << "]\n";
    total += static_cast<unsigned>(a.size() + b.size() + c.size());
  }
  std::cout << total << "\n";
  return static_cast<int>(total % 64);
}
