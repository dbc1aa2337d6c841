// A report printer whose output format depends on derived HAVE_* macros.
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "config.hpp"

namespace report {

struct Row {
  std::string name;
  int value;
};

class Printer {
public:
  explicit Printer(std::ostream &out) : out_(out) {}

  void print(const std::vector<Row> &rows) {
    int total = 0;
#ifdef HAVE_JSON
    out_ << "[";
#endif
    for (std::size_t i = 0; i < rows.size(); ++i) {
      total += rows[i].value;
#if defined(HAVE_JSON) && HAVE_PRETTY
      out_ << (i ? ",\n  " : "\n  ");
#elif defined(HAVE_JSON)
      out_ << (i ? "," : "");
#endif
      out_ << line(rows[i]);
#ifndef HAVE_JSON
      out_ << "\n";
#endif
    }
#ifdef HAVE_JSON
#if HAVE_PRETTY
    out_ << "\n";
#endif
    out_ << "]\n";
#endif
    total_ = total;
  }

  int total() const { return total_; }

private:
  std::string line(const Row &r) const {
    std::ostringstream s;
#if HAVE_COLOR
    s << "\x1b[1m";
#endif
#ifdef HAVE_JSON
    s << "{\"" << r.name << "\": " << r.value << "}";
#elif HAVE_PRETTY
    s << "  " << r.name << " ....... " << r.value;
#else
    s << r.name << "=" << r.value;
#endif
#if HAVE_COLOR
    s << "\x1b[0m";
#endif
    return s.str();
  }

  std::ostream &out_;
  int total_ = 0;
};

} // namespace report

int main() {
  std::vector<report::Row> rows{{"alpha", 3}, {"beta", 14}, {"gamma", 15}};
  report::Printer p(std::cout);
  p.print(rows);
  int code = p.total();
#if HAVE_COLOR || !HAVE_PRETTY
  code += 1;
#endif
  std::cout << "total " << p.total() << "\n";
  return code;
}
