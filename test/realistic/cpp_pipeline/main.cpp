// logpipe: filters, sorts and summarises an access log.
#include <algorithm>
#include <cstdio>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "record.h"
#include "stages.h"

namespace {

const char *const kLog = R"(# user action bytes
alice get 120
bob put 4000
carol get 0
alice get 120
dave delete 0
bob get 75
erin put 512
alice put 2048
carol get 33
bob put 4000
mallory get
)";

} // namespace

int main() {
  using namespace pipeline;
  std::vector<Record> records = parseLog(kLog);
  std::printf("parsed %zu records\n", records.size());
  int dropped = 0;

#ifdef FILTER_EMPTY
  {
    StageReport report("filter", records);
    const std::size_t before = records.size();
    keepIf(records, [](const Record &r) { return r.bytes > 0; });
    dropped += static_cast<int>(before - records.size());
  }
#endif

#ifdef SORT_OUTPUT
  {
    StageReport report("sort", records);
    std::sort(records.begin(), records.end(),
                     [](const Record &a, const Record &b) {
                       return std::tie(a.user, a.bytes, a.action) <
                              std::tie(b.user, b.bytes, b.action);
                     });
  }
#endif

#ifdef DEDUP
  StageReport dedupReport("dedup", records);
  std::set<std::string> seen;
  std::vector<Record> unique;
  for (auto &r : records) {
    if (seen.insert(formatRecord(r)).second)
      unique.push_back(std::move(r));
    else
      ++dropped;
  }
  records.swap(unique);
#endif

  for (const Record &r : records)
    std::printf("%s\n", formatRecord(r).c_str());

#ifdef STATS
  auto totals = bytesPerUser(records);
  auto top = std::max_element(
      totals.begin(), totals.end(),
      [](const auto &a, const auto &b) { return a.second < b.second; });
  for (const auto &[user, bytes] : totals)
    std::printf("total %-8s %6d\n", user.c_str(), bytes);
  if (top != totals.end())
    std::printf("top user: %s\n", top->first.c_str());
#endif

  std::printf("dropped %d\n", dropped);
  return dropped;
}
