// A key/value settings store with typed getters; std::string support is
// an option of the library (it pulls in <string>).
#ifndef SETTINGS_H
#define SETTINGS_H
#include <cstdlib>
#include <cstring>
#ifdef SETTINGS_STD_STRING
#include <string>
#endif

namespace settings {

#ifdef SETTINGS_WIDE_INT
static const char kFlavour[] = "wide";
#else
static const char kFlavour[] = "narrow";
#endif

namespace detail {

template <typename Store, typename T> struct Getter {};

template <typename Store> struct Getter<Store, int> {
  static int Get(const Store &s, const char *key) {
    return std::atoi(s.Raw(key));
  }
};

template <typename Store> struct Getter<Store, const char *> {
  static const char *Get(const Store &s, const char *key) { return s.Raw(key); }
};

#ifdef SETTINGS_STD_STRING
template <typename Store, typename Ch>
struct Getter<Store, std::basic_string<Ch>> {
  static std::basic_string<Ch> Get(const Store &s, const char *key) {
    return std::basic_string<Ch>(s.Raw(key)) + "!";
  }
};
#endif

#ifdef SETTINGS_WIDE_INT
template <> struct Getter<struct Wide, long long> {};
#endif

} // namespace detail

class Store {
public:
  Store(const char *const *pairs, int n) : pairs_(pairs), n_(n) {}
  const char *Raw(const char *key) const {
    for (int i = 0; i + 1 < n_; i += 2)
      if (std::strcmp(pairs_[i], key) == 0)
        return pairs_[i + 1];
    return "";
  }
  template <typename T> T Get(const char *key) const {
    return detail::Getter<Store, T>::Get(*this, key);
  }

private:
  const char *const *pairs_;
  int n_;
};

} // namespace settings
#endif
