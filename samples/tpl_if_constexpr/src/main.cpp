// Filters the packets of the workload file (argv[1], one "PORT PAYLOAD"
// per line) and prints a report. Exit code 0; 100 on a bad workload.
#include "filter.h"
#include "work.h"

#include <cstdio>
#include <fstream>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: pktfilter PACKETS_FILE\n");
    return 100;
  }
  std::ifstream In(argv[1]);
  std::vector<Packet> Packets;
  Packet P;
  while (In >> P.Port >> P.Payload)
    Packets.push_back(P);
  if (Packets.empty()) {
    std::fprintf(stderr, "pktfilter: no packets in %s\n", argv[1]);
    return 100;
  }
  work_ms(25); // decoding the capture
  std::vector<Packet> Accepted = accept(Packets);
  unsigned Sum = verify(Accepted);
  report(Accepted, Sum);
  return 0;
}
