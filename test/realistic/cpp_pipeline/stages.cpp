#include "stages.h"

#include <algorithm>

namespace pipeline {

void keepIf(std::vector<Record> &records, const Predicate &keep) {
  records.erase(std::remove_if(records.begin(), records.end(),
                               [&](const Record &r) { return !keep(r); }),
                records.end());
}

std::map<std::string, int> bytesPerUser(const std::vector<Record> &records) {
  std::map<std::string, int> totals;
  for (const auto &r : records)
    totals[r.user] += r.bytes;
  return totals;
}

} // namespace pipeline
