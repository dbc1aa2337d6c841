#ifndef GLOB_H
#define GLOB_H

#include "glob_config.h"

enum glob_result { GLOB_MATCH = 0, GLOB_NOMATCH = 1, GLOB_ERROR = 2 };

#ifdef GLOB_CASEFOLD
#define GLOB_FOLD 1
#endif

/* Matches str against pat: '*', '?', [GLOB_CLASSES] "[a-z]" and "[!x]",
 * [GLOB_ESCAPE] "\*", [GLOB_PATHNAME] '*' does not cross '/'. With
 * GLOB_CASEFOLD the caller says whether case is ignored. */
enum glob_result glob_match(const char *pat, const char *str
#ifdef GLOB_CASEFOLD
                            ,
                            int fold
#endif
);

/* How many of the matcher's steps the last call took (for the report). */
unsigned long glob_steps(void);

#endif
