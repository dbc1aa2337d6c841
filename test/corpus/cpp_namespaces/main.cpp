// Distance computations in nested namespaces with feature code.
#include <cmath>
#include <cstdio>
#include <map>
#include <utility>

namespace geo {
namespace units {
#ifdef METRIC
constexpr const char *name = "km";
inline double fromMeters(double m) { return m / 1000.0; }
#else
constexpr const char *name = "mi";
inline double fromMeters(double m) { return m / 1609.344; }
#endif
} // namespace units

struct Point {
  double x, y;
};

inline double meters(Point a, Point b) {
  return std::hypot(a.x - b.x, a.y - b.y);
}

#ifdef ROUTE_CACHE
namespace cache {
inline std::map<std::pair<int, int>, double> &table() {
  static std::map<std::pair<int, int>, double> t;
  return t;
}
} // namespace cache
#endif
} // namespace geo

static double leg(const geo::Point *pts, int i, int j) {
#ifdef ROUTE_CACHE
  auto key = std::make_pair(i, j);
  auto it = geo::cache::table().find(key);
  if (it != geo::cache::table().end())
    return it->second;
  double d = geo::meters(pts[i], pts[j]);
  geo::cache::table()[key] = d;
  std::printf("cached %d-%d\n", i, j);
  return d;
#else
  return geo::meters(pts[i], pts[j]);
#endif
}

int main() {
  const geo::Point pts[] = {{0, 0}, {3000, 4000}, {6000, 0}};
  const int route[] = {0, 1, 2, 1, 0, 1};
  double total = 0;
  for (int i = 0; i + 1 < 6; ++i)
    total += leg(pts, route[i], route[i + 1]);
  std::printf("route %.2f %s\n", geo::units::fromMeters(total), geo::units::name);
  return static_cast<int>(geo::units::fromMeters(total));
}
