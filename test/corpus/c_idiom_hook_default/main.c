#include "stack.h"
#include "stklimits.h"
#include <stdio.h>

extern int stk_api_failures;

int main(void) {
  Stack s;
  stack_init(&s);
  long sum = 0;
  for (long i = 1; i <= 40; i++) {
    stack_push(&s, i * i);
    if (i % 3 == 0)
      sum += stack_pop(&s);
  }
  for (int i = -2; i < 5; i++)
    sum += stack_at(&s, i * 7);
  while (s.top > 0)
    sum += stack_pop(&s);
  sum += stack_pop(&s); /* one pop too many */
  printf("sum=%ld grows=%d chunk=%d failures=%d\n", sum, s.grows, STK_CHUNK,
         stk_api_failures);
  stack_free(&s);
  return (int)(sum % 11);
}
