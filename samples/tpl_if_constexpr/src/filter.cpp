#include "filter.h"

#include "config.h"
#include "work.h"

#include <cstdio>

std::vector<Packet> accept(const std::vector<Packet> &In) {
  work_ms(20); // matching the rule table
  std::vector<Packet> Out;
  for (const Packet &P : In)
    if (P.Port != 8080)
      Out.push_back(P);
  return Out;
}

// Adler-32 of one payload.
static unsigned adler(const std::string &S) {
  unsigned A = 1, B = 0;
  for (unsigned char C : S) {
    A = (A + C) % 65521;
    B = (B + A) % 65521;
  }
  return (B << 16) | A;
}

unsigned verify(const std::vector<Packet> &Packets) {
  unsigned Sum = 0;
  if constexpr (kChecksum) {
    for (const Packet &P : Packets) {
      work_ms(0.5); // the checksum unit's latency per packet
      Sum ^= adler(P.Payload) + static_cast<unsigned>(P.Port);
    }
    std::printf("checksum %08x\n", Sum);
  }
  return Sum;
}

void report(const std::vector<Packet> &Packets, unsigned Sum) {
  if constexpr (kTrace) {
    work_ms(15); // formatting the trace
    for (const Packet &P : Packets)
      std::printf("  port %d: %s\n", P.Port, P.Payload.c_str());
  }
  std::printf("%zu packets accepted, tag %u\n", Packets.size(), Sum % 97);
}
