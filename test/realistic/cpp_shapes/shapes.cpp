#include "shapes.h"

#include <algorithm>
#include <cmath>

namespace geo {

namespace {
constexpr double kPi = 3.14159265358979323846;

double distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }
} // namespace

#ifdef AREA_CACHE
unsigned long Shape::cacheMisses = 0;
#endif

#ifdef SERIALIZE
void Shape::write(std::ostream &os) const {
  os << "{\"area\":" << area() << "}";
}
#endif

double Circle::area() const { return kPi * radius_ * radius_; }
double Circle::perimeter() const { return 2 * kPi * radius_; }
BoundingBox Circle::bounds() const {
  return {center_.x - radius_, center_.y - radius_, center_.x + radius_,
          center_.y + radius_};
}
std::unique_ptr<Shape> Circle::clone() const {
  return std::make_unique<Circle>(*this);
}
void Circle::scale(double factor) {
  radius_ *= factor;
#ifdef AREA_CACHE
  invalidate();
#endif
}
#ifdef SERIALIZE
void Circle::write(std::ostream &os) const {
  os << "{\"circle\":[" << center_.x << "," << center_.y << "," << radius_
     << "]}";
}
#endif

BoundingBox Rect::bounds() const {
  return {origin_.x, origin_.y, origin_.x + w_, origin_.y + h_};
}
std::unique_ptr<Shape> Rect::clone() const {
  return std::make_unique<Rect>(*this);
}
void Rect::scale(double factor) {
  w_ *= factor;
  h_ *= factor;
#ifdef AREA_CACHE
  invalidate();
#endif
}

std::unique_ptr<Shape> Square::clone() const {
  return std::make_unique<Square>(*this);
}

double Polygon::area() const {
  double twice = 0;
  for (std::size_t i = 0; i < points_.size(); ++i) {
    const Point &a = points_[i];
    const Point &b = points_[(i + 1) % points_.size()];
    twice += a.x * b.y - b.x * a.y;
  }
  return std::fabs(twice) / 2;
}

double Polygon::perimeter() const {
  double sum = 0;
  for (std::size_t i = 0; i < points_.size(); ++i)
    sum += distance(points_[i], points_[(i + 1) % points_.size()]);
  return sum;
}

BoundingBox Polygon::bounds() const {
  BoundingBox box{points_[0].x, points_[0].y, points_[0].x, points_[0].y};
  for (const Point &p : points_) {
    box.minX = std::min(box.minX, p.x);
    box.minY = std::min(box.minY, p.y);
    box.maxX = std::max(box.maxX, p.x);
    box.maxY = std::max(box.maxY, p.y);
  }
  return box;
}

std::unique_ptr<Shape> Polygon::clone() const {
  return std::make_unique<Polygon>(*this);
}

void Polygon::scale(double factor) {
  for (Point &p : points_) {
    p.x *= factor;
    p.y *= factor;
  }
#ifdef AREA_CACHE
  invalidate();
#endif
}

#ifdef NAMED
std::string Polygon::name() const {
  return "polygon/" + std::to_string(points_.size());
}
#endif

#ifdef SERIALIZE
void Polygon::write(std::ostream &os) const {
  os << "{\"polygon\":[";
  for (std::size_t i = 0; i < points_.size(); ++i)
    os << (i ? "," : "") << "[" << points_[i].x << "," << points_[i].y << "]";
  os << "]}";
}
#endif

} // namespace geo
