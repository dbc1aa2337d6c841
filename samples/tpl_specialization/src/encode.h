#ifndef TPL_SPEC_ENCODE_H
#define TPL_SPEC_ENCODE_H

#include "codec.h"

// Encodes every block with the configured codec and prints the stored
// size.
void encodeAll(const std::vector<Block> &Blocks);

#endif
