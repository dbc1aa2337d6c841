// A config loader: feature code throws, catches, and is unwound.
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

struct Guard {
  const char *what;
  ~Guard() { std::cout << "  leave " << what << "\n"; }
};

static int parseValue(const std::string &s) {
  Guard g{"parseValue"};
#ifdef VALIDATE
  for (char c : s)
    if (c < '0' || c > '9')
      throw std::invalid_argument("not a number: " + s);
#endif
  return std::stoi("0" + s.substr(0, 4));
}

static int load(const std::vector<std::string> &lines) {
  int total = 0;
  for (const std::string &l : lines) {
#ifdef RECOVER
    try {
      total += parseValue(l);
    } catch (const std::invalid_argument &e) {
#ifdef LOG_ERRORS
      std::cout << "recovered: " << e.what() << "\n";
#endif
      total -= 1;
    }
#else
    total += parseValue(l);
#endif
  }
  return total;
}

int main() {
  std::vector<std::string> lines{"12", "7x", "30"};
  try {
    int t = load(lines);
    std::cout << "total " << t << "\n";
    return t % 50;
  } catch (const std::exception &e) {
#ifdef LOG_ERRORS
    std::cout << "fatal: " << e.what() << "\n";
#endif
    return 9;
  }
}
