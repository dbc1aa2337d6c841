/* Character-class helpers of a tokenizer, fast when the execution
   character set is ASCII. */
#ifndef SCAN_H
#define SCAN_H

#if 'A' == 65 && '0' == 48 && 'a' - 'A' == 32 && '\n' == 10
#define ASCII_CHARSET 1
#define to_lower_ascii(c) ((c) | 0x20)
#else
#define ASCII_CHARSET 0
#define to_lower_ascii(c) tolower(c)
#endif

#if defined __has_include
#if __has_include(<stdint.h>)
#include <stdint.h>
typedef uint32_t tok_hash;
#else
typedef unsigned long tok_hash;
#endif
#else
typedef unsigned long tok_hash;
#endif

#endif
