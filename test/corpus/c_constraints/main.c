/* A network stack; the model restricts which combinations exist. */
#include <stdio.h>

static int overhead(void) {
  int bytes = 0;
#ifdef TCP
  bytes += 20;
#endif
#ifdef UDP
  bytes += 8;
#endif
#ifdef QUIC
  bytes += 8 + 12;
#endif
#ifdef TLS
  bytes += 29;
#endif
#ifdef SIGN
  bytes += 64;
#endif
  return bytes;
}

static int send_all(int packets) {
  int sent = 0;
  for (int i = 0; i < packets; ++i) {
    int lost = (i % 4) == 3;
#ifdef RETRY
    if (lost) {
      printf("retry %d\n", i);
      lost = 0;
    }
#endif
    if (!lost)
      sent++;
  }
  return sent;
}

int main(void) {
  int sent = send_all(8);
  printf("overhead %d bytes, sent %d\n", overhead(), sent);
#if defined(UDP) && !defined(TLS)
  printf("warning: unprotected datagrams\n");
#endif
  return overhead() % 100;
}
