#ifndef PAD_H
#define PAD_H
#include <string>

// The width's default depends on a feature; FILL adds a parameter with a
// default of its own.
std::string pad(unsigned v, int width =
#ifdef WIDE
                                8
#else
                                3
#endif
#ifdef FILL
                ,
                char fill = '.'
#endif
);

#endif
