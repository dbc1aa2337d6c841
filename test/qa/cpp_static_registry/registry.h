#pragma once

#include <cstddef>

class Codec {
public:
  virtual ~Codec() = default;
  virtual void encode(const char *in, char *out, std::size_t n) const = 0;
  virtual const char *name() const = 0;
};

using CodecFactory = Codec *(*)();

// An intrusive list sorted by name, so the order of static initialisation
// does not show.
struct CodecRegistrar {
  const char *id;
  CodecFactory make;
  CodecRegistrar *next;
  static CodecRegistrar *&head() {
    static CodecRegistrar *first = nullptr;
    return first;
  }
  CodecRegistrar(const char *name, CodecFactory factory)
      : id(name), make(factory), next(nullptr) {
    CodecRegistrar **p = &head();
    while (*p && compare((*p)->id, id) < 0)
      p = &(*p)->next;
    next = *p;
    *p = this;
  }
  static int compare(const char *a, const char *b) {
    while (*a && *a == *b)
      ++a, ++b;
    return static_cast<unsigned char>(*a) - static_cast<unsigned char>(*b);
  }
};

#define REGISTER_CODEC(cls, id)                                                \
  static const CodecRegistrar registrar_##cls(                                 \
      id, []() -> Codec * { return new cls(); })
