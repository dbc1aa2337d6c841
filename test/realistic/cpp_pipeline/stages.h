#ifndef PIPELINE_STAGES_H
#define PIPELINE_STAGES_H

#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "record.h"

namespace pipeline {

// Prints how many records a stage kept when it goes out of scope.
class StageReport {
public:
  StageReport(const char *stage, const std::vector<Record> &records)
      : stage_(stage), records_(records), before_(records.size()) {}
  ~StageReport() {
    std::printf("  stage %-8s %zu -> %zu\n", stage_, before_, records_.size());
  }
  StageReport(const StageReport &) = delete;
  StageReport &operator=(const StageReport &) = delete;

private:
  const char *stage_;
  const std::vector<Record> &records_;
  std::size_t before_;
};

using Predicate = std::function<bool(const Record &)>;

void keepIf(std::vector<Record> &records, const Predicate &keep);
std::map<std::string, int> bytesPerUser(const std::vector<Record> &records);

} // namespace pipeline

#endif
