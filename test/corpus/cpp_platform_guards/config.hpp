#ifndef ENV_CONFIG_HPP
#define ENV_CONFIG_HPP

#if __cplusplus >= 201703L
#define ENV_CXX17 1
#else
#define ENV_CXX17 0
#endif

#if defined(__linux__) && !defined(PORTABLE)
#define ENV_SYSTEM "linux"
#else
#define ENV_SYSTEM "generic"
#endif

#ifdef __GNUC__
#define ENV_LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define ENV_LIKELY(x) (x)
#endif

#endif // ENV_CONFIG_HPP
