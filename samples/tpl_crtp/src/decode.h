#ifndef TPL_CRTP_DECODE_H
#define TPL_CRTP_DECODE_H

#include "stages.h"

// Decodes every frame; returns the hash of the last one.
std::uint32_t decodeAll(std::vector<Frame> &Frames);

#endif
