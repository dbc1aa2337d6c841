/*
** Public interface and internal definitions of a small key-value store.
*/
#ifndef KV_H
#define KV_H
#include <assert.h>
#include <stdio.h>

#ifndef KV_THREADSAFE
# define KV_THREADSAFE 1
#endif

typedef struct kv_mutex kv_mutex;
#define KV_MUTEX_STATIC_MAIN 2
#define KV_OK 0

/* The public mutex API. */
kv_mutex *kv_mutex_alloc(int);
void kv_mutex_enter(kv_mutex*);
void kv_mutex_leave(kv_mutex*);
int kv_mutex_try(kv_mutex*);

#if !KV_THREADSAFE
# define KV_MUTEX_OMIT
#endif

#ifdef KV_MUTEX_OMIT
/*
** No mutexes at all: implement everything as macros.
*/
#define kv_mutex_alloc(X)    ((kv_mutex*)8)
#define kv_mutex_enter(X)
#define kv_mutex_leave(X)
#define kv_mutex_try(X)      KV_OK
#define kv_mutex_held(X)     ((void)(X),1)
#define kvMutexInit()        KV_OK
#define kvMutexEnd()
#define MUTEX_LOGIC(X)
#else
#define MUTEX_LOGIC(X)       X
int kv_mutex_held(kv_mutex*);
#endif

#ifndef KV_MUTEX_OMIT
int kvMutexInit(void);
void kvMutexEnd(void);
#endif

typedef struct Store Store;
struct Store {
  kv_mutex *mutex;
  int nEntry;
  int aVal[64];
};

#if KV_THREADSAFE
void kvStoreEnter(Store*);
void kvStoreLeave(Store*);
#else
# define kvStoreEnter(X)
# define kvStoreLeave(X)
#endif

int kvLockCount(void);

#endif /* KV_H */
