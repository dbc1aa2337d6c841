/* autoconf.h: derived settings for the numeric CONFIG_* options. */
#ifndef QA_AUTOCONF_H
#define QA_AUTOCONF_H

#ifndef CONFIG_NR_CPUS
#define CONFIG_NR_CPUS 1
#endif
#ifndef CONFIG_LOG_BUF_SHIFT
#define CONFIG_LOG_BUF_SHIFT 4
#endif

#define LOG_BUF_LEN (1 << CONFIG_LOG_BUF_SHIFT)

#if CONFIG_NR_CPUS > 2
#define SMP_BALANCE 1
#endif

#if CONFIG_NR_CPUS == 1
#define for_each_cpu(c) for ((c) = 0; (c) < 1; (c)++)
#else
#define for_each_cpu(c) for ((c) = 0; (c) < CONFIG_NR_CPUS; (c)++)
#endif

#endif
