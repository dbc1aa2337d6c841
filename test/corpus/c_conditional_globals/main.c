/* An inventory whose audit log and price table exist only with features. */
#include <stdio.h>

struct item {
  const char *name;
  int count;
};

#ifdef AUDIT
struct audit_entry {
  const char *what;
  int delta;
};
static struct audit_entry audit_log[16];
static int audit_used;

static void audit(const char *what, int delta) {
  if (audit_used < 16) {
    audit_log[audit_used].what = what;
    audit_log[audit_used].delta = delta;
    audit_used++;
  }
}
#endif

#ifdef PRICES
static const int price_cents[] = {250, 1999, 75};

static long value_of(const struct item *items, int n) {
  long total = 0;
  for (int i = 0; i < n; ++i)
    total += (long)items[i].count * price_cents[i];
  return total;
}
#endif

static void take(struct item *it, int n) {
  it->count -= n;
#ifdef AUDIT
  audit(it->name, -n);
#endif
}

int main(void) {
  struct item stock[3] = {{"bolt", 40}, {"drill", 3}, {"nut", 100}};
  take(&stock[0], 12);
  take(&stock[2], 30);
  take(&stock[1], 1);
  for (int i = 0; i < 3; ++i)
    printf("%s: %d\n", stock[i].name, stock[i].count);
#ifdef AUDIT
  for (int i = 0; i < audit_used; ++i)
    printf("audit %s %d\n", audit_log[i].what, audit_log[i].delta);
#endif
#ifdef PRICES
  printf("value %ld\n", value_of(stock, 3));
#endif
  return stock[1].count;
}
