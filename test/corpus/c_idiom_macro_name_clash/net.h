/* The network layer's own BLOCK: the link's frame size. */
#ifndef NET_H
#define NET_H
#define BLOCK 1500
#if BLOCK > 1000
#define JUMBO_FRAMES 1
#else
#define JUMBO_FRAMES 0
#endif
int frames_for(int bytes);
#endif
