/* config.h: what a configure script found on the build machine. */
#ifndef QA_CONFIG_H
#define QA_CONFIG_H

#ifdef HAVE_EPOLL
#define EV_BACKEND_NAME "epoll"
#elif defined(HAVE_KQUEUE)
#define EV_BACKEND_NAME "kqueue"
#elif defined(HAVE_POLL)
#define EV_BACKEND_NAME "poll"
#else
#define EV_BACKEND_NAME "select"
#endif

#define EV_SETSIZE 8

#endif
