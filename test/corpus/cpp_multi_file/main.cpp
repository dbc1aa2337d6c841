#include "message.h"
#include <iostream>

int main() {
  Message m("meet me at the variant simulator");
  std::string wire = m.encode();
  std::cout << wire << "\n";
  std::string sig = m.signature();
  if (!sig.empty())
    std::cout << sig << "\n";
  return static_cast<int>(wire[0]) % 64 + static_cast<int>(sig.size());
}
