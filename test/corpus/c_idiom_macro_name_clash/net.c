#include "net.h"

int frames_for(int bytes) { return (bytes + BLOCK - 1) / BLOCK + JUMBO_FRAMES; }
