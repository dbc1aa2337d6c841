/* The sort algorithm is chosen by a feature: two definitions of sort(). */
#include <stdio.h>

static int before(int a, int b) {
#ifdef DESCENDING
  return a > b;
#else
  return a < b;
#endif
}

#ifdef QUICKSORT
static void sort(int *v, int n) {
  if (n < 2)
    return;
  int pivot = v[n / 2], i = 0, j = n - 1;
  while (i <= j) {
    while (before(v[i], pivot))
      i++;
    while (before(pivot, v[j]))
      j--;
    if (i <= j) {
      int t = v[i];
      v[i++] = v[j];
      v[j--] = t;
    }
  }
  sort(v, j + 1);
  sort(v + i, n - i);
}
#else
static void sort(int *v, int n) {
  for (int i = 1; i < n; ++i) {
    int x = v[i], j = i - 1;
    while (j >= 0 && before(x, v[j])) {
      v[j + 1] = v[j];
      j--;
    }
    v[j + 1] = x;
  }
  printf("insertion sort\n");
}
#endif

int main(void) {
  int v[] = {31, 4, 15, 9, 26, 5, 35, 8, 97, 93};
  sort(v, 10);
  for (int i = 0; i < 10; ++i)
    printf("%d ", v[i]);
  printf("\n");
  return v[0] % 10;
}

/* The rewritten file, pinned where it does not depend on where markers go
   (run_corpus.py checks these lines with FileCheck):
// REWRITE: #include "{{(\.\./)*}}varsim/varsim_generated.h"
// REWRITE-NEXT: #line 1 "{{.*}}main.c"
// REWRITE: static int before(int a, int b) {
// REWRITE-NEXT: if (VARSIM_F_DESCENDING) {
// REWRITE-NEXT:   return a > b;
// REWRITE-NEXT: } else {
// REWRITE-NEXT:   return a < b;
// REWRITE: static void sort(int *v, int n);
// REWRITE: #line 13
// REWRITE-NEXT: static void sort__varsim_QUICKSORT(int *v, int n) {
// REWRITE: #line 32
// REWRITE-NEXT: static void sort__varsim_not_QUICKSORT(int *v, int n) {
// REWRITE: static void sort(int *v, int n) {{.*}} if (VARSIM_F_QUICKSORT) { sort__varsim_QUICKSORT(v, n); return; } { sort__varsim_not_QUICKSORT(v, n); return; } }
// REWRITE: int main(void) {
// REWRITE-NOT: #ifdef
*/
