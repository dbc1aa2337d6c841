/* A price computation with features inside one expression. */
#include <stdio.h>

static int price(int base, int qty) {
  int total = base * qty
#ifdef TAX
              + base * qty / 5
#endif
#ifdef DISCOUNT
              - (qty > 3 ? base : 0)
#endif
#ifdef SHIPPING
              + 499
#endif
      ;
  return total;
}

int main(void) {
  int sum = 0;
  for (int qty = 1; qty <= 5; ++qty) {
    int p = price(1250, qty);
    printf("%d x 12.50 = %d.%02d\n", qty, p / 100, p % 100);
    sum += p;
  }
  return sum % 256;
}
