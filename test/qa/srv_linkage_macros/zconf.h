/* zconf.h: linkage and storage-class macros of the library. */
#ifndef QA_ZCONF_H
#define QA_ZCONF_H

#ifdef CONFIG_SHARED
#define ZEXPORT __attribute__((visibility("default")))
#define ZLIB_FLAVOR "shared"
#else
#define ZEXPORT
#define ZLIB_FLAVOR "static"
#endif

#define ZEXTERN extern

#ifdef CONFIG_INLINE_HELPERS
#define HELPER static inline
#else
#define HELPER static
#endif

#endif
