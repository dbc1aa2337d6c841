/* A page store configured at compile time; the options it was built with
 * are listed by store_options(), as embedded databases do. */
#include <stdio.h>
#include <string.h>

/* The format's limit wins over whatever the build says. */
#ifdef MAX_PAGE_BYTES
#undef MAX_PAGE_BYTES
#endif
#define MAX_PAGE_BYTES 65536

#ifndef PAGE_BYTES
#define PAGE_BYTES 4096
#endif
/* A page larger than the format allows is clamped, not refused. */
#if PAGE_BYTES > MAX_PAGE_BYTES
#undef PAGE_BYTES
#define PAGE_BYTES MAX_PAGE_BYTES
#endif

#define STR_(x) #x
#define OPT_VALUE(x) STR_(x)

#define STORE_PRIVATE static

#ifndef STORE_OMIT_OPTION_LIST
STORE_PRIVATE const char **store_options(int *count);
#endif

#ifndef STORE_OMIT_OPTION_LIST
static const char *const store_option_names[] = {
#ifdef PAGE_BYTES
    "PAGE_BYTES=" OPT_VALUE(PAGE_BYTES),
#endif
#ifdef STORE_OMIT_JOURNAL
    "OMIT_JOURNAL",
#endif
    "MAX_PAGE_BYTES=" OPT_VALUE(MAX_PAGE_BYTES),
};

STORE_PRIVATE const char **store_options(int *count) {
  *count = (int)(sizeof(store_option_names) / sizeof(store_option_names[0]));
  return (const char **)store_option_names;
}
#endif /* STORE_OMIT_OPTION_LIST */

static unsigned pages_for(unsigned bytes) {
  return (bytes + PAGE_BYTES - 1) / PAGE_BYTES;
}

int main(void) {
  int n = 0;
  const char **opts = store_options(&n);
  for (int i = 0; i < n; i++)
    printf("option %s\n", opts[i]);
  unsigned total = 0;
  for (unsigned size = 1000; size < 200000; size *= 3)
    total += pages_for(size);
#ifndef STORE_OMIT_JOURNAL
  printf("journal pages=%u\n", total / 4 + 1);
#endif
  printf("pages=%u\n", total);
  return (int)(total % 7);
}
