/* The task pool's internal header: which operating-system layer to build,
 * from the compiler's platform macros unless the build names one, then the
 * Windows layer's own settings. */
#ifndef _TASKINT_H_
#define _TASKINT_H_

#ifndef TASK_THREADSAFE
#define TASK_THREADSAFE 1
#endif

#if !defined(TASK_OS_OTHER) && !defined(TASK_OS_UNIX) && !defined(TASK_OS_WIN)
#if defined(_WIN32) || defined(WIN32) || defined(__CYGWIN__) ||               \
    defined(__MINGW32__) || defined(__BORLANDC__)
#define TASK_OS_WIN 1
#define TASK_OS_UNIX 0
#else
#define TASK_OS_WIN 0
#define TASK_OS_UNIX 1
#endif
#endif
#if TASK_OS_OTHER + 1 > 1
#undef TASK_OS_UNIX
#define TASK_OS_UNIX 0
#undef TASK_OS_WIN
#define TASK_OS_WIN 0
#endif

#if TASK_THREADSAFE && !defined(TASK_MUTEX_NOOP)
#if TASK_OS_UNIX
#define TASK_MUTEX_PTHREADS
#elif TASK_OS_WIN
#define TASK_MUTEX_W32
#endif
#endif

#if TASK_OS_WIN
#if defined(_WIN32_WCE)
#define TASK_OS_WINCE 1
#else
#define TASK_OS_WINCE 0
#endif
#if TASK_OS_WIN && !TASK_OS_WINCE && TASK_THREADSAFE > 0
#define TASK_OS_WIN_THREADS 1
#else
#define TASK_OS_WIN_THREADS 0
#endif
#endif

/* Runs fn(arg) as a task; *out gets its result. Returns the number of
 * threads the backend used. */
int task_run(int (*fn)(int), int arg, int *out);
const char *task_backend(void);

#endif
