/* A line parser whose feature regions jump: return, goto, break, continue. */
#include <stdio.h>
#include <string.h>

static int parse(const char *lines[], int n, int *out) {
  int count = 0;
  for (int i = 0; i < n; ++i) {
    const char *l = lines[i];
#ifdef SKIP_COMMENTS
    if (l[0] == '#')
      continue;
#endif
#ifdef STOP_AT_END
    if (strcmp(l, "end") == 0)
      break;
#endif
    int v = 0;
    for (const char *p = l; *p; ++p) {
      if (*p < '0' || *p > '9') {
#ifdef VALIDATE
        printf("bad line %d: %s\n", i, l);
        goto fail;
#else
        continue;
#endif
      }
      v = v * 10 + (*p - '0');
    }
    out[count++] = v;
  }
  return count;
#ifdef VALIDATE
fail:
  return -1;
#endif
}

int main(void) {
  const char *lines[] = {"12", "#x", "7", "end", "40", "x9"};
  int values[6];
  int n = parse(lines, 6, values);
  if (n < 0) {
    printf("invalid input\n");
    return 2;
  }
  int sum = 0;
  for (int i = 0; i < n; ++i)
    sum += values[i];
  printf("%d values, sum %d\n", n, sum);
  return n;
}
