/* HAVE_* defaults written after the mapping, as generated config headers
 * often do: defined to 1 under the feature, to 0 by an #ifndef default. */
#ifndef CFG_DEFAULTS_H
#define CFG_DEFAULTS_H

#ifdef FEATURE_FAST
#define HAVE_FAST 1
#endif

#if defined(FEATURE_LOG) && HAVE_FAST
#define HAVE_FAST_LOG 1
#endif

#ifndef HAVE_FAST
#define HAVE_FAST 0
#endif
#ifndef HAVE_FAST_LOG
#define HAVE_FAST_LOG 0
#endif

#endif
