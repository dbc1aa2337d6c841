// textpipe: runs every registered transform over a generated document.
#include <cstdio>
#include <string>

#include "registry.hpp"

namespace {

std::string makeDocument(unsigned lines) {
  static const char *const words[] = {"alpha", "Beta", "gamma", "delta\t",
                                      "  epsilon", "zeta", "Eta  ", "theta"};
  std::string doc;
  unsigned x = 12345;
  for (unsigned l = 0; l < lines; ++l) {
    for (int w = 0; w < 9; ++w) {
      x = x * 1103515245u + 12345u;
      doc += words[(x >> 16) % 8];
      doc += ' ';
    }
    doc += '\n';
  }
  return doc;
}

unsigned long digest(const std::string &s) {
  unsigned long h = 5381;
  for (unsigned char c : s)
    h = h * 33 + c;
  return h;
}

} // namespace

int main() {
  auto transforms = tp::Registry::instance().createAll();
  std::string doc = makeDocument(1000);
  std::printf("%zu transforms registered\n", tp::Registry::instance().size());
  for (int pass = 0; pass < 3; ++pass) {
    for (const auto &t : transforms) {
      t->apply(doc);
#ifdef PLUGIN_VERBOSE
      if (pass == 0)
        std::printf("  after %-8s %zu bytes, digest %lu\n", t->name().c_str(),
                    doc.size(), digest(doc) % 100000);
#endif
    }
  }
  std::printf("first line: %.40s\n", doc.c_str());
  std::printf("%zu bytes, digest %lu\n", doc.size(), digest(doc));
  return static_cast<int>(transforms.size() * 10 + doc.size() % 10);
}
