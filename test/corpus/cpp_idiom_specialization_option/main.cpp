#include <cstdio>

#include "settings.h"

int main() {
  static const char *const pairs[] = {"threads", "6", "name", "relay",
                                      "depth", "12"};
  settings::Store s(pairs, 6);
  int threads = s.Get<int>("threads");
  int depth = s.Get<int>("depth");
  std::printf("%s: ", settings::kFlavour);
  std::printf("threads %d depth %d name %s\n", threads, depth,
              s.Get<const char *>("name"));
#ifdef SETTINGS_STD_STRING
  std::string name = s.Get<std::string>("name");
  std::printf("std name %s (%zu)\n", name.c_str(), name.size());
  depth += static_cast<int>(name.size());
#endif
#ifdef SETTINGS_WIDE_INT
  long long wide = static_cast<long long>(threads) << 33;
  std::printf("wide %lld\n", wide);
  depth += 1;
#endif
  return (threads * depth) % 11;
}
