// jsonfmt: tokenizes and reformats a few JSON documents.
#include "lexer.hpp"
#include "log.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace {

const char *const kDocs[] = {
    R"({"name": "varsim", "tags": ["c", "c++"], "stars": 42})",
    R"({"a": [1, 2, 3,], "b": {"c": null, "d": true,},})",
    "{\"config\": {\n  // feature list\n  \"x\": -1.5e3,\n  \"y\": [false]\n}}",
    R"({"bad": nope})",
    R"(["unterminated)",
};

unsigned long hashOf(const std::string &s) {
  unsigned long h = 1469598103u;
  for (char c : s)
    h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  return h;
}

} // namespace

int main() {
  int ok = 0, failed = 0;
  unsigned long combined = 0;
  std::vector<std::string> errors;
  for (int round = 0; round < 300; ++round) {
    for (const char *doc : kDocs) {
      try {
        std::vector<jr::Token> tokens = jr::tokenize(doc);
        std::string text = jr::reformat(tokens);
        combined = combined * 31u + hashOf(text);
        ++ok;
        if (round == 0)
          std::printf("%s\n", text.c_str());
      } catch (const jr::SyntaxError &e) {
        ++failed;
        if (round == 0)
          errors.push_back(e.what());
      }
    }
  }
  for (const std::string &e : errors)
    std::printf("error: %s\n", e.c_str());
  std::printf("%d ok, %d failed, hash %lu, %d log calls\n", ok, failed,
              combined, jr::log::counter());
  return failed / 300;
}
