// Text transforms register themselves from their own translation units
// through static registration objects, as plugin systems often do; which
// transforms exist is decided by which features the build has.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tp {

class Transform {
public:
  virtual ~Transform() = default;
  virtual std::string name() const = 0;
  virtual void apply(std::string &text) const = 0;
  virtual int priority() const { return 50; }
};

using Factory = std::function<std::unique_ptr<Transform>()>;

class Registry {
public:
  static Registry &instance();
  bool add(const std::string &name, Factory factory);
  std::vector<std::unique_ptr<Transform>> createAll() const;
  std::size_t size() const { return factories_.size(); }

private:
  std::map<std::string, Factory> factories_;
};

// Defined at namespace scope in a plugin's .cpp: registers before main().
struct Registration {
  Registration(const char *name, Factory factory);
};

} // namespace tp

#define TP_REGISTER(cls)                                                      \
  static ::tp::Registration tp_registration_##cls(                            \
      #cls, [] { return std::unique_ptr<::tp::Transform>(new cls()); })
