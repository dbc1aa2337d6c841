#ifndef COUNTER_H
#define COUNTER_H

#ifdef WIDE_COUNT
typedef unsigned long long count_t;
#define COUNT_FMT "%llu"
#else
typedef unsigned short count_t;
#define COUNT_FMT "%u"
#endif

unsigned long long count_add(unsigned n
#ifdef WITH_SCALE
          ,
          unsigned scale
#endif
);

#endif
