#ifndef STACK_H
#define STACK_H

typedef struct Stack {
  long *items;
  int top, capacity, grows;
} Stack;

void stack_init(Stack *s);
void stack_free(Stack *s);
int stack_push(Stack *s, long v);
long stack_pop(Stack *s);
long stack_at(const Stack *s, int i);

#endif
