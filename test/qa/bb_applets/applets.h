/* applets.h: BusyBox-style helpers generated from the CONFIG_* flags:
 * ENABLE_X is 0 or 1, IF_X(...) keeps its arguments only when X is on,
 * IF_NOT_X(...) only when it is off. */
#ifndef QA_APPLETS_H
#define QA_APPLETS_H

#ifdef CONFIG_LS
#define ENABLE_LS 1
#define IF_LS(...) __VA_ARGS__
#define IF_NOT_LS(...)
#else
#define ENABLE_LS 0
#define IF_LS(...)
#define IF_NOT_LS(...) __VA_ARGS__
#endif

#ifdef CONFIG_CAT
#define ENABLE_CAT 1
#define IF_CAT(...) __VA_ARGS__
#else
#define ENABLE_CAT 0
#define IF_CAT(...)
#endif

#ifdef CONFIG_FEATURE_LS_COLOR
#define ENABLE_FEATURE_LS_COLOR 1
#define IF_FEATURE_LS_COLOR(...) __VA_ARGS__
#else
#define ENABLE_FEATURE_LS_COLOR 0
#define IF_FEATURE_LS_COLOR(...)
#endif

int ls_main(int argc, char **argv);
int cat_main(int argc, char **argv);
int true_main(int argc, char **argv);

#endif /* QA_APPLETS_H */

