/* A ring buffer queue with nested conditional blocks. */
#include <stdio.h>

#define CAP 8

struct queue {
  int items[CAP];
  int head, tail, count;
};

static int push(struct queue *q, int v) {
#ifndef BOUNDED
  if (q->count == CAP) {
    q->head = (q->head + 1) % CAP; /* overwrite the oldest */
    q->count--;
  }
#else
  if (q->count == CAP) {
#ifdef TRACE
    printf("reject %d\n", v);
#endif
    return 0;
  }
#endif
  q->items[q->tail] = v;
  q->tail = (q->tail + 1) % CAP;
  q->count++;
  return 1;
}

static int pop(struct queue *q) {
  int v = q->items[q->head];
#if defined(FAST)
  q->head = (q->head + 1) & (CAP - 1);
#ifdef TRACE
  printf("fast pop %d\n", v);
#endif
#elif defined(TRACE)
  q->head = (q->head + 1) % CAP;
  printf("pop %d\n", v);
#else
  q->head = (q->head + 1) % CAP;
#endif
  q->count--;
  return v;
}

int main(void) {
  struct queue q = {{0}, 0, 0, 0};
  int accepted = 0;
  for (int i = 1; i <= 11; ++i)
    accepted += push(&q, i * i);
  int sum = 0;
  while (q.count > 0)
    sum += pop(&q);
  printf("accepted %d sum %d\n", accepted, sum);
  return accepted;
}
