/* A small INI parser in the style of inih.
 *   INI_COMMENTS  allow inline comments after values ("key = v ; note")
 *   INI_ESCAPES   interpret \n, \t, \\ and \; in values
 *   INI_STRICT    stop at the first error instead of skipping the line
 */
#ifndef INI_H
#define INI_H

#include <stddef.h>

#ifndef INI_MAX_LINE
#define INI_MAX_LINE 128
#endif

enum ini_error {
  INI_OK = 0,
  INI_ERR_SECTION = 1,
  INI_ERR_SYNTAX = 2,
  INI_ERR_ESCAPE = 3,
  INI_ERR_HANDLER = 4,
};

typedef int (*ini_handler)(void *user, const char *section, const char *key,
                           const char *value);

/* Returns 0, or the line number of the first error (INI_STRICT: parsing
 * stops there; otherwise the line is skipped and parsing goes on). */
int ini_parse_string(const char *text, ini_handler handler, void *user,
                     enum ini_error *first_error);
const char *ini_error_string(enum ini_error e);

#endif
