/* globtool: counts how many generated paths each pattern selects. */
#include <stdio.h>

#include "glob.h"
#include "glob_config.h"
#include "pathlist.h"

#ifdef HAVE_STRINGS_H
#include <strings.h>
#define PLATFORM "posix"
#else
#define PLATFORM "generic"
#endif

static const char *const patterns[] = {
    "src/*.c", "*.h", "*/main*", "src/*/*.c", "*[0-9].c", "[!s]*",
    "*README*", "a\\*b*", "*.[ch]", "test/*", "*parser*", "*/IO_*",
    "docs/*", "**", "*.?", "third_party/*/*.c",
};

#define NPATTERNS (sizeof patterns / sizeof patterns[0])
#define NPATHS 900
#define ROUNDS 3

int main(void) {
  struct pathlist pl;
  unsigned long total = 0, steps = 0;
  int errors = 0;

  if (pathlist_generate(&pl, NPATHS) != 0) {
    fprintf(stderr, "globtool: out of memory\n");
    return 2;
  }
  printf("globtool %s (%s), %zu paths\n", GLOB_VERSION, PLATFORM, pl.count);
  for (int round = 0; round < ROUNDS; ++round) {
    for (size_t i = 0; i < NPATTERNS; ++i) {
      unsigned long hits = 0;
      for (size_t j = 0; j < pl.count; ++j) {
        enum glob_result r = glob_match(patterns[i], pl.paths[j]
#ifdef GLOB_CASEFOLD
                                        ,
                                        GLOB_FOLD
#endif
        );
        steps += glob_steps();
        if (r == GLOB_MATCH)
          ++hits;
        else if (r == GLOB_ERROR)
          ++errors;
      }
      if (round == 0)
        printf("%-18s %4lu\n", patterns[i], hits);
      total += hits;
    }
  }
  printf("total %lu matches, %lu steps, %d errors\n", total, steps, errors);
  pathlist_free(&pl);
  return (int)(total % 97);
}
