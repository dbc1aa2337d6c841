#ifndef KV_LOG_H
#define KV_LOG_H

#include "config.h"

#define KV_LOG_ERROR 0
#define KV_LOG_INFO 1
#define KV_LOG_DEBUG 2

void kv_log_emit(const char *level, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
unsigned long kv_log_lines(void);

#define kv_error(...) kv_log_emit("error", __VA_ARGS__)

#if LOG_LEVEL >= KV_LOG_INFO
#define kv_info(...) kv_log_emit("info", __VA_ARGS__)
#else
#define kv_info(...) ((void)0)
#endif

#if LOG_LEVEL >= KV_LOG_DEBUG
#define kv_debug(...) kv_log_emit("debug", __VA_ARGS__)
#else
#define kv_debug(...) ((void)0)
#endif

#endif /* KV_LOG_H */
