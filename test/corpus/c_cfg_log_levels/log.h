/* Log levels as the project's own constants, compared with the numeric
 * feature LOG_LEVEL (which has a default when the build does not set it). */
#ifndef CFG_LOG_H
#define CFG_LOG_H

#define LOG_ERROR 0
#define LOG_WARN 1
#define LOG_INFO 2
#define LOG_DEBUG (LOG_INFO + 1)

#ifndef LOG_LEVEL
#define LOG_LEVEL 1
#endif

#if LOG_LEVEL >= LOG_INFO
#define INFO_ENABLED 1
#else
#define INFO_ENABLED 0
#endif

#endif /* CFG_LOG_H */
