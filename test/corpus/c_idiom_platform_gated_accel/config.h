/* Library configuration: options on by default; the user's file turns
 * some off. */
#ifndef CRYPT_CONFIG_H
#define CRYPT_CONFIG_H

#define CRYPT_HAVE_ASM
#define CRYPT_LEGACY_C
#define CRYPT_ACCEL_C

#include "user_config.h"

#endif
