#ifndef ZCONF_H
#define ZCONF_H

#define ZSTR_(x) #x
#define ZSTR(x) ZSTR_(x)

/* The window size, set by the build: -DWINDOW_LOG=9..12. */
#ifndef WINDOW_LOG
#define WINDOW_LOG 10
#endif
#define WINDOW_SIZE (1u << WINDOW_LOG)
#define WINDOW_BITS WINDOW_LOG

#endif
