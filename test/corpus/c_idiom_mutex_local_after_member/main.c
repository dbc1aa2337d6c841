/*
** A workload over the key-value store: the main mutex taken around the
** store's registry, declared in nested blocks only where locking is built.
*/
#include "kv.h"

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

/* The store's own mutex (a member named like the local below) counts. */
static int kvSumRegistry(const Store *pStore){
  int i, go = 1, sum = pStore->mutex!=0 ? 1000 : 0;
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
  printf("sum=%d rc=%d locks=%d\n", kvSumRegistry(&s), rc, kvLockCount());
  kvMutexEnd();
  printf("locks=%d\n", kvLockCount());
  return 0;
}
