// The filter's feature constants: set from the feature macros once, then
// used in `if constexpr` (never in #if) by the code.
#ifndef TPL_IFC_CONFIG_H
#define TPL_IFC_CONFIG_H

#ifdef CHECKSUM
inline constexpr bool kChecksum = true;
#else
inline constexpr bool kChecksum = false;
#endif

#ifdef TRACE
inline constexpr bool kTrace = true;
#else
inline constexpr bool kTrace = false;
#endif

#endif
