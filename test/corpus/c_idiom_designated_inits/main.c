#include <stdio.h>

struct limits {
  int soft;
#ifdef WITH_QUOTA
  int quota;
#endif
  int hard;
};

struct service {
  const char *name;
  int port;
#ifdef WITH_TLS
  int tls_port;
  const char *cert;
#endif
  struct limits lim;
  int weight;
};

static const struct service services[] = {
    {"mail", 25,
#ifdef WITH_TLS
     465, "mail.pem",
#endif
     {10,
#ifdef WITH_QUOTA
      500,
#endif
      20},
     3},
    {"web", 80,
#ifdef WITH_TLS
     443, "web.pem",
#endif
     {100,
#ifdef WITH_QUOTA
      9000,
#endif
      200},
     7},
};

static int total(const struct service *s) {
  int t = s->port + s->lim.soft + s->lim.hard + s->weight;
#ifdef WITH_TLS
  t += s->tls_port;
#endif
#ifdef WITH_QUOTA
  t += s->lim.quota / 100;
#endif
  return t;
}

int main(void) {
  struct limits local = {1,
#ifdef WITH_QUOTA
                         2,
#endif
                         3};
  struct service extra = {"dns", .port = 53,
#ifdef WITH_TLS
                          853, "dns.pem",
#endif
                          {4,
#ifdef WITH_QUOTA
                           700,
#endif
                           5},
                          1};
  int sum = 0;
  for (unsigned i = 0; i < sizeof services / sizeof services[0]; i++) {
    printf("%s: %d\n", services[i].name, total(&services[i]));
    sum += total(&services[i]);
  }
  printf("%s: %d\n", extra.name, total(&extra));
#ifdef WITH_TLS
  printf("certs %s %s %s\n", services[0].cert, services[1].cert, extra.cert);
#endif
  printf("local %d %d\n", local.soft, local.hard);
  return (sum + total(&extra) + local.hard) % 256;
}
