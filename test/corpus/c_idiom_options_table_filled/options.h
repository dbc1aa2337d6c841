#ifndef OPTIONS_H
#define OPTIONS_H
const char **compile_options(int *count);
int option_used(const char *name);
#endif
