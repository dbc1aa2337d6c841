// A formatter with overloads that exist only with some features.
#include <iostream>
#include <sstream>
#include <string>

static std::string fmt(int v) { return std::to_string(v); }
static std::string fmt(const std::string &s) { return "'" + s + "'"; }
#ifdef HEX_OUT
#ifdef PAD
static std::string fmt(unsigned v, int width = 8) {
#else
static std::string fmt(unsigned v, int width = 0) {
#endif
  std::ostringstream os;
  os << "0x" << std::hex;
  os.width(width);
  os.fill('0');
  os << v;
  return os.str();
}
#endif

int main() {
  unsigned flags = 0xbeefu;
  std::string line = fmt(42) + " " + fmt(std::string("x")) + " " + fmt(flags);
  std::cout << line << "\n";
  return static_cast<int>(line.size());
}
