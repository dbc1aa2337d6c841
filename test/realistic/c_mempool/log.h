#ifndef MP_LOG_H
#define MP_LOG_H

#include <stdarg.h>

enum mp_level { MP_ERROR, MP_WARN, MP_INFO, MP_DEBUG };

#ifndef MP_LOG_LEVEL
#define MP_LOG_LEVEL MP_INFO
#endif

#if defined(__GNUC__)
#define MP_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define MP_PRINTF(f, a)
#endif

void mp_log(enum mp_level level, const char *func, int line, const char *fmt,
            ...) MP_PRINTF(4, 5);
void mp_vlog(enum mp_level level, const char *func, int line, const char *fmt,
             va_list ap);
unsigned mp_log_count(enum mp_level level);

#define MP_LOG(level, ...) mp_log((level), __func__, __LINE__, __VA_ARGS__)

#endif
