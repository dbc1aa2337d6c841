// Feature switches mapped to the macros the code tests.
#pragma once

#if defined(FEATURE_JSON)
#define HAVE_JSON 1
#endif

#ifdef FEATURE_PRETTY
#define HAVE_PRETTY 1
#else
#define HAVE_PRETTY 0
#endif

// Colour needs a terminal dialect to colour.
#if defined(FEATURE_COLOR) && (defined(HAVE_JSON) || HAVE_PRETTY)
#define HAVE_COLOR 1
#else
#define HAVE_COLOR 0
#endif
