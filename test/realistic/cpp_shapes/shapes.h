#pragma once

#include <vector>

#include "shape.h"

namespace geo {

struct Point {
  double x, y;
};

class Circle final : public Shape {
public:
  Circle(Point center, double radius) : center_(center), radius_(radius) {}
  double area() const override;
  double perimeter() const override;
  BoundingBox bounds() const override;
  std::unique_ptr<Shape> clone() const override;
  void scale(double factor) override;
#ifdef NAMED
  std::string name() const override { return "circle"; }
#endif
#ifdef SERIALIZE
  void write(std::ostream &os) const override;
#endif

private:
  Point center_;
  double radius_;
};

class Rect : public Shape {
public:
  Rect(Point origin, double w, double h) : origin_(origin), w_(w), h_(h) {}
  double area() const override { return w_ * h_; }
  double perimeter() const override { return 2 * (w_ + h_); }
  BoundingBox bounds() const override;
  std::unique_ptr<Shape> clone() const override;
  void scale(double factor) override;
#ifdef NAMED
  std::string name() const override { return "rect"; }
#endif

protected:
  Point origin_;
  double w_, h_;
};

class Square final : public Rect {
public:
  Square(Point origin, double side) : Rect(origin, side, side) {}
  std::unique_ptr<Shape> clone() const override;
#ifdef NAMED
  std::string name() const override { return "square"; }
#endif
};

class Polygon final : public Shape {
public:
  explicit Polygon(std::vector<Point> points) : points_(std::move(points)) {}
  double area() const override;
  double perimeter() const override;
  BoundingBox bounds() const override;
  std::unique_ptr<Shape> clone() const override;
  void scale(double factor) override;
#ifdef NAMED
  std::string name() const override;
#endif
#ifdef SERIALIZE
  void write(std::ostream &os) const override;
#endif

private:
  std::vector<Point> points_;
};

} // namespace geo
