// Packet framing: sizes from feature macros feed template arguments.
#include <array>
#include <cstdio>

#ifdef JUMBO
#define PAYLOAD 64
#else
#define PAYLOAD 16
#endif

#ifdef WIDE_FLAGS
#define FLAG_BITS 12
#else
#define FLAG_BITS 4
#endif

struct Header {
  unsigned flags : FLAG_BITS;
  unsigned length : 16;
};

static_assert(PAYLOAD % 8 == 0, "payload must be a multiple of 8");

int main() {
  std::array<unsigned char, PAYLOAD> payload{};
  for (std::size_t i = 0; i < payload.size(); ++i)
    payload[i] = static_cast<unsigned char>(i * 7);
  Header h{};
  h.flags = (payload.size() * 37u) & ((1u << FLAG_BITS) - 1u);
  h.length = static_cast<unsigned>(payload.size());
  unsigned sum = 0;
  for (unsigned char b : payload)
    sum += b;
  char frame[PAYLOAD + 4];
  std::printf("frame %zu bytes, flags %u, length %u, sum %u\n", sizeof frame,
              static_cast<unsigned>(h.flags), static_cast<unsigned>(h.length), sum);
  return static_cast<int>(h.flags % 64);
}
