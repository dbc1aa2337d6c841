// Abstract shape interface of the geometry toolkit.
#pragma once

#include <memory>
#include <string>

#ifdef SERIALIZE
#include <ostream>
#endif

namespace geo {

struct BoundingBox {
  double minX, minY, maxX, maxY;
  double width() const { return maxX - minX; }
  double height() const { return maxY - minY; }
};

class Shape {
public:
  virtual ~Shape() = default;

  virtual double area() const = 0;
  virtual double perimeter() const = 0;
  virtual BoundingBox bounds() const = 0;
  virtual std::unique_ptr<Shape> clone() const = 0;
  virtual void scale(double factor) = 0;

#ifdef NAMED
  virtual std::string name() const { return "shape"; }
  void setLabel(std::string label) { label_ = std::move(label); }
  const std::string &label() const { return label_; }
#endif

#ifdef SERIALIZE
  virtual void write(std::ostream &os) const;
#endif

#ifdef AREA_CACHE
  double cachedArea() const {
    if (!areaValid_) {
      areaCache_ = area();
      areaValid_ = true;
      ++cacheMisses;
    }
    return areaCache_;
  }
  static unsigned long cacheMisses;

protected:
  void invalidate() { areaValid_ = false; }

private:
  mutable double areaCache_ = 0.0;
  mutable bool areaValid_ = false;
#endif

#ifdef NAMED
private:
  std::string label_;
#endif
};

} // namespace geo
