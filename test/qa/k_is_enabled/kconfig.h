/* kconfig.h: IS_ENABLED(CONFIG_X) is 1 when CONFIG_X is defined to 1, else
 * 0, usable both in #if and in C expressions.  The trick: pasting the
 * option's value onto a prefix gives a macro with a comma only for "1", and
 * the comma shifts which argument gets picked. */
#ifndef QA_KCONFIG_H
#define QA_KCONFIG_H

#define QA_ARG_PLACEHOLDER_1 0,
#define qa_take_second(ignored, val, ...) val
#define qa_is_defined3(arg1_or_junk) qa_take_second(arg1_or_junk 1, 0, 0)
#define qa_is_defined2(val) qa_is_defined3(QA_ARG_PLACEHOLDER_##val)
#define qa_is_defined(x) qa_is_defined2(x)
#define IS_ENABLED(option) qa_is_defined(option)

#endif /* QA_KCONFIG_H */
