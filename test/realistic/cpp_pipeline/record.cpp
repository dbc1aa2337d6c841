#include "record.h"

#include <sstream>

namespace pipeline {

std::vector<Record> parseLog(const std::string &text) {
  std::vector<Record> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream fields(line);
    Record r;
    fields >> r.user >> r.action >> r.bytes;
    if (!fields)
      r.bytes = 0;
    out.push_back(std::move(r));
  }
  return out;
}

std::string formatRecord(const Record &r) {
  return r.user + " " + r.action + " " + std::to_string(r.bytes);
}

} // namespace pipeline
