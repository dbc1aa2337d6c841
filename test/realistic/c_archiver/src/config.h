/* Maps the user-facing FEATURE_* switches to the HAVE_* macros that the
 * code tests, the way autoconf/CMake generated config headers do. */
#pragma once

#ifdef FEATURE_COMPRESS
#define HAVE_COMPRESS 1
#else
#define HAVE_COMPRESS 0
#endif

#if defined(FEATURE_ENCRYPT)
#define HAVE_ENCRYPT 1
#endif

#ifdef FEATURE_JSON
#define HAVE_JSON 1
#endif

#define PACKR_VERSION "1.4.2"
