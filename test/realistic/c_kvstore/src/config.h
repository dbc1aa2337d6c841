/* Build-time configuration of libkv. Every option has a default so that
 * the library builds with no -D flag at all. */
#ifndef KV_CONFIG_H
#define KV_CONFIG_H

/* 0: errors only, 1: informational messages, 2: debug tracing. */
#ifndef LOG_LEVEL
#define LOG_LEVEL 1
#endif

#ifndef KV_INITIAL_BUCKETS
#define KV_INITIAL_BUCKETS 8
#endif

/* Grow the table when it is this many percent full. */
#define KV_MAX_LOAD_PERCENT 75

#endif /* KV_CONFIG_H */
