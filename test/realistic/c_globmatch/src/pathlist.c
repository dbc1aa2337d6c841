#include "pathlist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const dirs[] = {"src", "include", "Docs", "test/unit",
                                   "src/core", "third_party/zlib"};
static const char *const stems[] = {"main", "Parser", "lexer", "util",
                                    "README", "glob", "a*b", "io_Posix"};
static const char *const exts[] = {".c", ".h", ".md", ".C", ".txt", ""};

int pathlist_generate(struct pathlist *pl, size_t n) {
  char buf[128];
  int rc = -1;
  pl->paths = calloc(n, sizeof *pl->paths);
  pl->count = 0;
  if (!pl->paths)
    goto fail;
  for (size_t i = 0; i < n; ++i) {
    size_t k = i * 7919u;
    snprintf(buf, sizeof buf, "%s/%s%zu%s", dirs[k % 6], stems[(k / 6) % 8],
             i % 13, exts[(k / 48) % 6]);
    pl->paths[i] = malloc(strlen(buf) + 1);
    if (!pl->paths[i])
      goto fail;
    strcpy(pl->paths[i], buf);
    pl->count++;
  }
  rc = 0;
  return rc;
fail:
  pathlist_free(pl);
  return rc;
}

void pathlist_free(struct pathlist *pl) {
  for (size_t i = 0; i < pl->count; ++i)
    free(pl->paths[i]);
  free(pl->paths);
  pl->paths = NULL;
  pl->count = 0;
}
