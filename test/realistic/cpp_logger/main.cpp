// A batch job that logs what it does; the output summarises what reached the
// sink, so every logging option shows in it.
#include <cstdio>
#include <vector>

#include "log_config.hpp"
#include "logger.hpp"
#include "sink.hpp"

namespace {

constexpr unsigned kJobs = 5000;

unsigned long work(unsigned job) {
  unsigned long h = job * 2654435761ul;
  for (int i = 0; i < 4; ++i)
    h = (h ^ (h >> 13)) * 0x9e3779b97f4a7c15ul;
  return h % 1000;
}

} // namespace

int main() {
  lg::MemorySink sink;
  lg::Logger<lg::MemorySink> log(sink);
  std::vector<unsigned long> results;
  results.reserve(kJobs);

  log.log(lg::Level::Info, "batch", "starting ", kJobs, " jobs");
  for (unsigned job = 0; job < kJobs; ++job) {
    unsigned long r = work(job);
    results.push_back(r);
    log.log(lg::Level::Debug, "worker", "job ", job, " -> ", r);
    if (r > 990)
      log.log(lg::Level::Warn, "worker", "job ", job, " is slow: ", r);
    if (job % 1000 == 999)
      log.log(lg::Level::Info, "batch", lg::progressBar(job + 1, kJobs));
  }
  unsigned long sum = 0;
  for (unsigned long r : results)
    sum += r;
  log.log(lg::Level::Info, "batch", "done, sum ", sum);

  std::printf("format %s, %zu records, %zu bytes, %llu dropped\n",
              lg::kFormatName, sink.written(), sink.bytes(),
              static_cast<unsigned long long>(log.dropped()));
  std::printf("digest %016llx\n",
              static_cast<unsigned long long>(sink.digest()));
  std::printf("last: %s\n", sink.last().c_str());
  std::printf("bar: %s\n", lg::progressBar(3, 4).c_str());
  return static_cast<int>(sink.written() % 100);
}
