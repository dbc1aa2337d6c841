/* A source file of the tree: the amalgamation holds it too. */
#include "config.h"
#include <stdio.h>

int worker_count(void) { return DB_MAX_WORKERS; }
