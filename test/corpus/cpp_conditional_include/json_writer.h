#pragma once
#include <iostream>
#include <string>
#include <vector>

inline void writeJson(const std::vector<std::string> &items) {
  std::cout << "[";
  for (std::size_t i = 0; i < items.size(); ++i)
    std::cout << (i ? ", " : "") << '"' << items[i] << '"';
  std::cout << "]\n";
}
