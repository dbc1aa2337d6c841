/*
** A workload over the key-value store: inserts, sums and a try-lock.
*/
#include "kv.h"

static int kvInsert(Store *p, int v){
  int i;
  MUTEX_LOGIC( kv_mutex *pMain; )
  MUTEX_LOGIC( pMain = kv_mutex_alloc(KV_MUTEX_STATIC_MAIN); )
  kv_mutex_enter(pMain);
  kvStoreEnter(p);
  for(i=0; i<p->nEntry; i++){
    if( p->aVal[i]==v ){
      kvStoreLeave(p);
      kv_mutex_leave(pMain);
      return 0;
    }
  }
  if( p->nEntry<64 ) p->aVal[p->nEntry++] = v;
  kvStoreLeave(p);
  kv_mutex_leave(pMain);
  return 1;
}

/* Registers the store in a shared list, under the main mutex when the
** build locks at all. */
static int kvShare(Store *p, int sharable){
  int n = 0;
#if !defined(KV_OMIT_SHARED)
  if( sharable ){
    MUTEX_LOGIC( kv_mutex *pShared; )
    MUTEX_LOGIC( pShared = kv_mutex_alloc(KV_MUTEX_STATIC_MAIN); )
    kv_mutex_enter(pShared);
    n = p->nEntry + 1;
    kv_mutex_leave(pShared);
  }
#endif
  return n;
}

int main(void){
  Store s = {0};
  int i, nNew = 0, rc, sum = 0;
  rc = kvMutexInit();
  s.mutex = kv_mutex_alloc(1);
  assert( kv_mutex_held(s.mutex)==0 || s.mutex==0 );
  for(i=0; i<100; i++) nNew += kvInsert(&s, (i*13)%71);
  for(i=0; i<s.nEntry; i++) sum += s.aVal[i];
  rc += kv_mutex_try(s.mutex);
  rc += 2*kv_mutex_try(s.mutex);
  sum += kvShare(&s, 1) + kvShare(&s, 0);
  kvMutexEnd();
  printf("entries=%d new=%d sum=%d rc=%d locks=%d\n",
         s.nEntry, nNew, sum, rc, kvLockCount());
  return rc;
}
