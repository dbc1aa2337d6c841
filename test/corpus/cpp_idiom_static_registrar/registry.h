#pragma once

#include <cstdio>
#include <map>
#include <string>

using AreaFn = double (*)(double);

inline std::map<std::string, AreaFn> &shapes() {
  static std::map<std::string, AreaFn> all;
  return all;
}

struct ShapeRegistrar {
  ShapeRegistrar(const char *name, AreaFn fn) { shapes()[name] = fn; }
};

#define REGISTER_SHAPE(name, fn) static ShapeRegistrar shape_##fn(name, fn)
