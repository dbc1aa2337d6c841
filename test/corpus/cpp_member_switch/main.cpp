// Shapes whose area() has two definitions selected by a feature.
#include <iostream>
#include <string>

struct Circle {
  double r;
  double area() const;
  std::string name() const;
};

#ifdef PRECISE_AREA
double Circle::area() const { return 3.14159265358979 * r * r; }
#else
double Circle::area() const { return 3 * r * r; }
#endif

std::string Circle::name() const {
#ifdef LABELS
  return "circle(r=" + std::to_string(static_cast<int>(r)) + ")";
#else
  return "circle";
#endif
}

int main() {
  Circle cs[] = {{1}, {2.5}, {10}};
  double total = 0;
  for (const Circle &c : cs) {
    std::cout << c.name() << " area " << c.area() << "\n";
    total += c.area();
  }
  std::cout << "total " << total << "\n";
  return static_cast<int>(total) % 100;
}
