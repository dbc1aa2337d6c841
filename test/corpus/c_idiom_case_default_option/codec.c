/* A codec's control entry point (variadic, as ioctl-style APIs are): a
 * case under one option, and the switch's default under another. */
#include <stdarg.h>
#include <stdio.h>

static int level = 1, window = 15;

int codec_ctl(int op, ...) {
  va_list ap;
  int rc = 0;
  va_start(ap, op);
  switch (op) {
#ifdef WITH_DEFLATE
  case 1:
    level = va_arg(ap, int);
    break;
#endif
  case 2:
    window = va_arg(ap, int);
    break;
#ifdef STRICT_OPS
  default:
    rc = -1;
    break;
#endif
  }
  va_end(ap);
  return rc;
}

int main(void) {
  int bad = 0;
  for (int op = 0; op < 4; op++)
    bad += codec_ctl(op, op + 5) != 0;
  printf("level %d window %d bad %d\n", level, window, bad);
  return bad;
}

// REFUSAL: {{^.*}}/codec.c:14:3: error: a case or goto label inside a conditional block on feature WITH_DEFLATE (an undisciplined annotation; the switch's default is itself under a feature)
// REFUSAL-SAME: cannot be lifted: 'codec_ctl' would be duplicated per configuration, which is not supported for a variadic function
