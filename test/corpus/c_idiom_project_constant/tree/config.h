/* The configuration header of the source tree (the amalgamation holds a
 * copy); not read by this build. */
#ifndef DB_TEMP_STORE
#define DB_TEMP_STORE 2
#endif
#ifndef DB_MAX_WORKERS
#define DB_MAX_WORKERS 4
#endif
