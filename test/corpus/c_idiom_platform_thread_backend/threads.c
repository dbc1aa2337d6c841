/* One task backend per platform, and a fallback that runs the task on the
 * caller's thread when no backend is built. */
#include "taskint.h"

#include <stddef.h>

struct Task {
  int (*fn)(int);
  int arg;
  int result;
};

#if TASK_OS_UNIX && defined(TASK_MUTEX_PTHREADS) && TASK_THREADSAFE > 0

#define TASK_THREADS_IMPLEMENTED 1 /* no single-thread code below */
#include <pthread.h>

static void *task_main(void *p) {
  struct Task *t = p;
  t->result = t->fn(t->arg);
  return NULL;
}

int task_run(int (*fn)(int), int arg, int *out) {
  struct Task t = {fn, arg, 0};
  pthread_t id;
  int used = 1;
  if (pthread_create(&id, NULL, task_main, &t) != 0) {
    t.result = fn(arg);
    used = 0;
  } else {
    pthread_join(id, NULL);
  }
  *out = t.result;
  return used + (TASK_THREADSAFE == 2);
}

const char *task_backend(void) {
  return TASK_THREADSAFE == 2 ? "pthreads, multi-thread" : "pthreads, serialized";
}

#endif

#if TASK_OS_WIN_THREADS

#define TASK_THREADS_IMPLEMENTED 1 /* no single-thread code below */
#include <process.h>
#include <windows.h>

static unsigned __stdcall task_main(void *p) {
  struct Task *t = p;
  t->result = t->fn(t->arg);
  return 0;
}

int task_run(int (*fn)(int), int arg, int *out) {
  struct Task t = {fn, arg, 0};
  HANDLE h = (HANDLE)_beginthreadex(NULL, 0, task_main, &t, 0, NULL);
  WaitForSingleObject(h, INFINITE);
  CloseHandle(h);
  *out = t.result;
  return 1;
}

const char *task_backend(void) { return "win32 threads"; }

#endif

#ifndef TASK_THREADS_IMPLEMENTED

int task_run(int (*fn)(int), int arg, int *out) {
  *out = fn(arg);
  return 0;
}

const char *task_backend(void) { return "caller's thread"; }

#endif
