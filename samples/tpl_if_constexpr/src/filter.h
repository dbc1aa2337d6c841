#ifndef TPL_IFC_FILTER_H
#define TPL_IFC_FILTER_H

#include <string>
#include <vector>

struct Packet {
  int Port = 0;
  std::string Payload;
};

// Keeps the packets to allowed ports.
std::vector<Packet> accept(const std::vector<Packet> &In);
// The packets' checksum (0 when CHECKSUM is off).
unsigned verify(const std::vector<Packet> &Packets);
// Prints the summary (and every packet with TRACE).
void report(const std::vector<Packet> &Packets, unsigned Sum);

#endif
