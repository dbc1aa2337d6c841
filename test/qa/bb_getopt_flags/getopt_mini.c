/* A getopt32-like parser: one bit per letter of the option string, in
 * order; a letter followed by ':' takes an argument. */
#include <string.h>

#include "getopt_mini.h"

unsigned getopt_mini(int argc, char **argv, const char *optstr,
                     const char **optarg_out, int *optind_out) {
  unsigned flags = 0;
  int i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    for (const char *p = argv[i] + 1; *p; p++) {
      unsigned bit = 1;
      const char *o = optstr;
      for (; *o && *o != *p; o++)
        if (*o != ':')
          bit <<= 1;
      if (!*o)
        return GETOPT_ERROR;
      flags |= bit;
      if (o[1] == ':') {
        *optarg_out = p[1] ? p + 1 : (i + 1 < argc ? argv[++i] : "");
        break;
      }
    }
  }
  *optind_out = i;
  return flags;
}
