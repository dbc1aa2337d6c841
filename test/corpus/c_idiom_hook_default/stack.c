#include "stack.h"
#include "stklimits.h"
#include <stdlib.h>

int stk_api_failures;

void stack_init(Stack *s) {
  s->items = NULL;
  s->top = s->capacity = s->grows = 0;
}

void stack_free(Stack *s) { free(s->items); }

int stack_push(Stack *s, long v) {
  if (s->top == s->capacity) {
    s->capacity += STK_CHUNK;
    s->items = realloc(s->items, sizeof(long) * (size_t)s->capacity);
    s->grows++;
  }
  s->items[s->top++] = v;
  return s->top;
}

long stack_pop(Stack *s) {
  if (!api_check(s, s->top > 0))
    return 0;
  return s->top > 0 ? s->items[--s->top] : -1;
}

long stack_at(const Stack *s, int i) {
  if (!api_check(s, i >= 0 && i < s->top))
    return -2;
  return i >= 0 && i < s->top ? s->items[i] : -3;
}
