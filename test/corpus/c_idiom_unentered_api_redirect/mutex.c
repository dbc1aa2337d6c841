/*
** The mutex implementation: a counting stand-in for a real lock.
*/
#include "kv.h"

struct kv_mutex {
  int id;
  int nRef;
};

static int nLock = 0;
static kv_mutex aStatic[4];

int kvLockCount(void){
  return nLock + aStatic[0].nRef;
}

#ifndef KV_MUTEX_OMIT
kv_mutex *kv_mutex_alloc(int id){
  aStatic[id&3].id = id;
  return &aStatic[id&3];
}
void kv_mutex_enter(kv_mutex *p){
  p->nRef++;
  nLock++;
}
void kv_mutex_leave(kv_mutex *p){
  p->nRef--;
}
int kv_mutex_try(kv_mutex *p){
  if( p->nRef>0 ) return 5;
  p->nRef++;
  nLock += 10;
  return KV_OK;
}
int kv_mutex_held(kv_mutex *p){
  return p->nRef>0;
}
int kvMutexInit(void){
  nLock = 100;
  return KV_OK;
}
void kvMutexEnd(void){
  nLock += 1000;
}
#endif /* !defined(KV_MUTEX_OMIT) */

#if KV_THREADSAFE
void kvStoreEnter(Store *p){
  if( p->mutex ) kv_mutex_enter(p->mutex);
}
void kvStoreLeave(Store *p){
  if( p->mutex ) kv_mutex_leave(p->mutex);
}
#endif
