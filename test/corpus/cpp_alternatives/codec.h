#pragma once
#include <vector>

std::vector<int> compress(const std::vector<int> &in);
const char *codecName();
