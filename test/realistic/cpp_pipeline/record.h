#ifndef PIPELINE_RECORD_H
#define PIPELINE_RECORD_H

#include <string>
#include <vector>

namespace pipeline {

struct Record {
  std::string user;
  std::string action;
  int bytes = 0;
};

std::vector<Record> parseLog(const std::string &text);
std::string formatRecord(const Record &r);

} // namespace pipeline

#endif
