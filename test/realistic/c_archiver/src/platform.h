#pragma once

#include <stddef.h>

#if defined(_WIN32)
#define PACKR_PATH_SEP '\\'
#else
#define PACKR_PATH_SEP '/'
#endif

const char *platform_name(void);
size_t platform_page_size(void);
