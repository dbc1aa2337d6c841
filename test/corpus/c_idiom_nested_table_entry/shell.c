/* A shell's settings, looked up by name in a table sorted by name (the
 * table is generated; entries drop out with the options that omit them). */
#include <stdio.h>
#include <string.h>

#define FLAG_AUTOSAVE 0x01
#define FLAG_ECHO 0x02
#define FLAG_TRACE 0x04

enum kind { KIND_FLAG, KIND_NUMBER };

struct setting {
  const char *name;
  enum kind kind;
  unsigned flag;
};

static const struct setting all_settings[] = {
#if !defined(SHELL_OMIT_FLAG_COMMANDS)
#if !defined(SHELL_OMIT_AUTOSAVE)
    {"autosave", KIND_FLAG, FLAG_AUTOSAVE},
#endif
#endif
    {"columns", KIND_NUMBER, 0},
#if !defined(SHELL_OMIT_FLAG_COMMANDS)
    {"echo", KIND_FLAG, FLAG_ECHO},
#endif
    {"history", KIND_NUMBER, 0},
#if defined(SHELL_TRACE)
    {"trace", KIND_FLAG, FLAG_TRACE},
#endif
    {"width", KIND_NUMBER, 0},
};

#define COUNT(a) ((int)(sizeof(a) / sizeof(a[0])))

static const struct setting *find_setting(const char *name) {
  int lo = 0, hi = COUNT(all_settings) - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    int c = strcmp(name, all_settings[mid].name);
    if (c == 0)
      return &all_settings[mid];
    if (c < 0)
      hi = mid - 1;
    else
      lo = mid + 1;
  }
  return NULL;
}

int main(void) {
  static const char *asked[] = {"autosave", "columns", "echo",
                                "trace",    "width",   "missing"};
  unsigned flags = 0;
  int found = 0;
  for (int i = 0; i < 6; i++) {
    const struct setting *s = find_setting(asked[i]);
    printf("%-8s %s\n", asked[i], s ? (s->kind == KIND_FLAG ? "flag" : "number")
                                    : "unknown");
    if (s) {
      found++;
      flags |= s->flag;
    }
  }
  printf("found=%d flags=%u table=%d\n", found, flags, COUNT(all_settings));
  return found;
}
