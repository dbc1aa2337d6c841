// Stores the blocks of the workload file (argv[1], one block of integers
// per line) with the configured codec. Exit code 0; 100 on a bad workload.
#include "encode.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: blockstore BLOCKS_FILE\n");
    return 100;
  }
  std::ifstream In(argv[1]);
  std::vector<Block> Blocks;
  for (std::string Line; std::getline(In, Line);) {
    std::istringstream L(Line);
    Block B;
    for (int V; L >> V;)
      B.push_back(V);
    if (!B.empty())
      Blocks.push_back(B);
  }
  if (Blocks.empty()) {
    std::fprintf(stderr, "blockstore: no blocks in %s\n", argv[1]);
    return 100;
  }
  work_ms(20); // allocating the extents
  encodeAll(Blocks);
#ifdef VERIFY
  work_ms(12); // reading the extents back
  std::printf("read-back verified\n");
#endif
  work_ms(10); // syncing the journal
  return 0;
}
