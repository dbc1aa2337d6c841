/* autoconf.h: what the configuration enables, derived from CONFIG_* flags. */
#ifndef QA_AUTOCONF_H
#define QA_AUTOCONF_H

#ifdef CONFIG_DEV_ZERO
#define NR_CHARDEVS 2
#else
#define NR_CHARDEVS 1
#endif

#endif /* QA_AUTOCONF_H */
