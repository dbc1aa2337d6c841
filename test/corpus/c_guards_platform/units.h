#ifndef CLOCK_UNITS_H
#define CLOCK_UNITS_H

#if defined(__linux__)
#define PLATFORM_NAME "linux"
#elif defined(__APPLE__)
#define PLATFORM_NAME "darwin"
#else
#define PLATFORM_NAME "other"
#endif

#if __STDC_VERSION__ >= 201112L
#define HAVE_C11 1
#endif

#ifdef HUMAN
#define UNIT_NAME "minutes"
#define UNIT_DIV 60
#else
#define UNIT_NAME "seconds"
#define UNIT_DIV 1
#endif

#endif /* CLOCK_UNITS_H */
