// An inventory whose member functions have undisciplined feature code:
// part of a condition, an else branch, a case label, and an object with a
// destructor declared in a conditional block and used after it.
#include <cstdio>
#include <string>

class Inventory {
public:
  int restock(int have, int want) const {
    int order = 0;
    if (have < want
#ifdef SAFETY_STOCK
        + 2
#endif
    ) {
      order = want - have;
    }
#ifdef BULK
    else if (have > 3 * want) {
      order = -1;
    }
#endif
    else {
      order = 0;
    }
    return order;
  }

  const char *kind(int code) const {
    switch (code) {
    case 0:
      return "none";
#ifdef BULK
    case 9:
#endif
    case 1:
      return "box";
    default:
      return "other";
    }
  }

  std::string label(int id) const {
#ifdef SAFETY_STOCK
    std::string tag = "safe-";
#else
    std::string tag = "item-";
#endif
    return tag + std::to_string(id);
  }
};

int main() {
  Inventory inv;
  int total = 0;
  for (int i = 0; i < 6; ++i) {
    int o = inv.restock(i * 2, 5);
    std::printf("%s %s order %d\n", inv.label(i).c_str(), inv.kind(i % 2 ? 9 : 1),
                o);
    total += o;
  }
  std::printf("total %d\n", total);
  return total & 63;
}
