/* Encodes bytes; the encoding is an alternative group. */
#include <stdio.h>

static void encode(const unsigned char *data, int n) {
#if defined(HEX) && !defined(HEADER)
  for (int i = 0; i < n; ++i)
    printf("%02x", data[i]);
#elif defined(HEX) && defined(HEADER)
  printf("hex:");
  for (int i = 0; i < n; ++i)
    printf("%02X", data[i]);
#elif defined(BASE32)
  static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  unsigned buffer = 0;
  int bits = 0;
  for (int i = 0; i < n; ++i) {
    buffer = (buffer << 8) | data[i];
    bits += 8;
    while (bits >= 5) {
      putchar(alphabet[(buffer >> (bits - 5)) & 31u]);
      bits -= 5;
    }
  }
  if (bits > 0)
    putchar(alphabet[(buffer << (5 - bits)) & 31u]);
#else
#if defined(HEADER)
  printf("raw:");
#endif
  for (int i = 0; i < n; ++i)
    putchar(data[i] >= 32 && data[i] < 127 ? data[i] : '.');
#endif
  putchar('\n');
}

int main(void) {
  const unsigned char message[] = {'v', 'a', 'r', 0x01, 's', 'i', 'm', 0xff};
  encode(message, 8);
  encode(message + 2, 3);
#if defined(RAW) || !defined(HEADER)
  return 3;
#else
  return 4;
#endif
}
