/*
** A workload over the key-value store: the main mutex taken around the
** store's registry, declared in nested blocks only where locking is built.
*/
#include "kv.h"

/*
** The extension interface, inlined as an amalgamation inlines its
** extension header: a loadable extension reaches the API through a table,
** the core (which defines KV_CORE first) calls it directly, so the
** redirections below are never defined here.
*/
#ifndef KV_CORE
# define KV_CORE 1
#endif
typedef struct kv_api_routines kv_api_routines;
struct kv_api_routines {
  void (*mutex_enter)(kv_mutex*);
  void (*mutex_leave)(kv_mutex*);
};
#if !defined(KV_CORE)
extern const kv_api_routines *kv_api;
#define kv_mutex_enter kv_api->mutex_enter
#define kv_mutex_leave kv_api->mutex_leave
#endif

static int aReg[8];
static int nReg = 0;

static int kvRegister(int v){
  int rc = KV_OK;
  if( v>=0 )
  {
#if KV_THREADSAFE
    kv_mutex *mutex = kv_mutex_alloc(KV_MUTEX_STATIC_MAIN);
#endif
    kv_mutex_enter(mutex);
    if( nReg<8 ) aReg[nReg++] = v;
    else rc = 1;
    kv_mutex_leave(mutex);
  }
  return rc;
}

/* Weights of the registry's slots: one more where locking is built. */
static const int aWeight[] = {
#if KV_THREADSAFE
  3,
#endif
  1, 2
};

static int kvSumRegistry(void){
  int i, go = 1, sum = 0;
  for(i=0; go; i++){
    int v = 0;
    const int *pW = &aWeight[0];
#if KV_THREADSAFE
    kv_mutex *mutex = kv_mutex_alloc(KV_MUTEX_STATIC_MAIN);
#endif
    kv_mutex_enter(mutex);
    if( i>=nReg ){
      go = 0;
    }else{
      v = aReg[i];
    }
    kv_mutex_leave(mutex);
    sum += v*(i+1)*pW[i%2];
  }
  return sum;
}

int main(void){
  Store s = {0};
  int i, rc;
  rc = kvMutexInit();
  s.mutex = kv_mutex_alloc(1);
  for(i=0; i<10; i++) rc += kvRegister((i*7)%5);
  printf("sum=%d rc=%d locks=%d\n", kvSumRegistry(), rc, kvLockCount());
  kvMutexEnd();
  printf("locks=%d\n", kvLockCount());
  return 0;
}
