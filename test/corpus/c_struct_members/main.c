/* Sensor readings whose record layout depends on features. */
#include <stdio.h>

struct reading {
  int raw;
#ifdef TIMESTAMP
  long when;
#endif
#ifdef CALIBRATE
  int offset;
  int gain;
#endif
  char unit;
};

static int value(const struct reading *r) {
  int v = r->raw;
#ifdef CALIBRATE
  v = (v + r->offset) * r->gain;
#endif
  return v;
}

int main(void) {
  struct reading rs[4];
  for (int i = 0; i < 4; ++i) {
    rs[i].raw = 10 * i + 3;
#ifdef TIMESTAMP
    rs[i].when = 1000L + 250L * i;
#endif
#ifdef CALIBRATE
    rs[i].offset = -2;
    rs[i].gain = 3;
#endif
#ifdef UNITS
    rs[i].unit = 'C';
#else
    rs[i].unit = '?';
#endif
  }
  int sum = 0;
  for (int i = 0; i < 4; ++i) {
    printf("%d%c", value(&rs[i]), rs[i].unit);
#ifdef TIMESTAMP
    printf(" @%ld", rs[i].when);
#endif
    printf("\n");
    sum += value(&rs[i]);
  }
  return sum % 64;
}
