#include "registry.hpp"

#include <algorithm>
#include <cstdio>

namespace tp {

Registry &Registry::instance() {
  static Registry registry;
  return registry;
}

bool Registry::add(const std::string &name, Factory factory) {
  return factories_.emplace(name, std::move(factory)).second;
}

std::vector<std::unique_ptr<Transform>> Registry::createAll() const {
  std::vector<std::unique_ptr<Transform>> all;
  for (const auto &[name, factory] : factories_)
    all.push_back(factory());
  std::sort(all.begin(), all.end(), [](const auto &a, const auto &b) {
    if (a->priority() != b->priority())
      return a->priority() < b->priority();
    return a->name() < b->name();
  });
  return all;
}

Registration::Registration(const char *name, Factory factory) {
  if (!Registry::instance().add(name, std::move(factory)))
    std::fprintf(stderr, "duplicate transform %s\n", name);
}

} // namespace tp
