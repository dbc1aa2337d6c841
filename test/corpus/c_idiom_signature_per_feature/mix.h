#ifndef MIX_H
#define MIX_H
long mix_block(const short *in, int n);
#endif
