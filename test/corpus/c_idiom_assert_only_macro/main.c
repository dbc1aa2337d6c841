/*
** A small table cache with optional locking, in the style of an embedded
** database: the lock-checking routines exist only for assert() and only in
** builds that keep the assertions.
*/
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef TC_THREADSAFE
# define TC_THREADSAFE 1
#endif

typedef struct Mutex Mutex;
struct Mutex {
  int nEnter;
  int nLeave;
};

typedef struct Cache Cache;
struct Cache {
  Mutex *mutex;
  int nEntry;
  int aKey[32];
};

#if TC_THREADSAFE
#ifndef NDEBUG
  /* Used inside assert() statements only. */
int tcHoldsMutex(Cache*);
int tcHoldsAllMutexes(Cache*, int);
#endif
#else
# define tcHoldsMutex(X) 1
# define tcHoldsAllMutexes(X,Y) 1
#endif

#if TC_THREADSAFE
#ifndef NDEBUG
int tcHoldsMutex(Cache *p){
  return p->mutex==0 || p->mutex->nEnter>p->mutex->nLeave;
}
int tcHoldsAllMutexes(Cache *p, int n){
  return n<=0 || tcHoldsMutex(p);
}
#endif
#endif

static void tcEnter(Cache *p){
  if( p->mutex ) p->mutex->nEnter += TC_THREADSAFE;
}
static void tcLeave(Cache *p){
  if( p->mutex ) p->mutex->nLeave += TC_THREADSAFE;
}

static int tcInsert(Cache *p, int iKey){
  int i;
  assert( tcHoldsMutex(p) );
  for(i=0; i<p->nEntry; i++){
    if( p->aKey[i]==iKey ) return 0;
  }
  if( p->nEntry>=32 ) return -1;
  p->aKey[p->nEntry++] = iKey;
  return 1;
}

static int tcSum(Cache *p){
  int i, s = 0;
  assert( p->nEntry==0 || tcHoldsAllMutexes(p, p->nEntry) );
  for(i=0; i<p->nEntry; i++) s += p->aKey[i];
  return s;
}

int main(void){
  Mutex m = {0, 0};
  Cache c = {0};
  int i, nNew = 0;
  c.mutex = &m;
  for(i=0; i<60; i++){
    tcEnter(&c);
    nNew += tcInsert(&c, (i*7)%41)==1;
    tcLeave(&c);
  }
  printf("entries=%d new=%d sum=%d enter=%d leave=%d\n",
         c.nEntry, nNew, tcSum(&c), m.nEnter, m.nLeave);
  return c.nEntry%7;
}
