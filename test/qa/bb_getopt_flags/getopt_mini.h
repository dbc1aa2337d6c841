#ifndef QA_GETOPT_MINI_H
#define QA_GETOPT_MINI_H

#define GETOPT_ERROR 0x80000000u

unsigned getopt_mini(int argc, char **argv, const char *optstr,
                     const char **optarg_out, int *optind_out);

#endif
