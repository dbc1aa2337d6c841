/* tail_config.h: 0/1 switches and conditional-text helpers per option. */
#ifndef QA_TAIL_CONFIG_H
#define QA_TAIL_CONFIG_H

#ifdef CONFIG_FEATURE_TAIL_FOLLOW
#define ENABLE_FEATURE_TAIL_FOLLOW 1
#define IF_FEATURE_TAIL_FOLLOW(...) __VA_ARGS__
#else
#define ENABLE_FEATURE_TAIL_FOLLOW 0
#define IF_FEATURE_TAIL_FOLLOW(...)
#endif

#ifdef CONFIG_FEATURE_TAIL_BYTES
#define ENABLE_FEATURE_TAIL_BYTES 1
#define IF_FEATURE_TAIL_BYTES(...) __VA_ARGS__
#else
#define ENABLE_FEATURE_TAIL_BYTES 0
#define IF_FEATURE_TAIL_BYTES(...)
#endif

#ifdef CONFIG_FEATURE_TAIL_QUIET
#define ENABLE_FEATURE_TAIL_QUIET 1
#else
#define ENABLE_FEATURE_TAIL_QUIET 0
#endif

#endif /* QA_TAIL_CONFIG_H */

