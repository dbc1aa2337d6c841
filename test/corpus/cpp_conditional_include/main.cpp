// A catalog printer whose helpers come from optional headers.
#include <iostream>
#include <string>
#include <vector>
#ifdef SORTED
#include <algorithm>
#endif
#ifdef JSON_OUT
#include "json_writer.h"
#endif

int main() {
  std::vector<std::string> items{"pear", "apple", "fig", "banana"};
#ifdef SORTED
  std::sort(items.begin(), items.end());
#endif
#ifdef JSON_OUT
  writeJson(items);
#else
  for (const auto &i : items)
    std::cout << "- " << i << "\n";
#endif
  return static_cast<int>(items.front().size());
}
